import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { methodNotAllowed } from "~/utils/bad-request.server";

/**
 * "Save to desktop" (spec §2 top bar): an Internet shortcut to this shop's home page. With
 * PUBLIC_ORIGIN the link is the configured one and the file may be cached by anyone; without it
 * the link comes from the request's Host, so it is never stored by shared caches.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = env().PUBLIC_ORIGIN;
  const home = new URL("/index", origin ?? request.url).href;
  return new Response(`[InternetShortcut]\r\nURL=${home}\r\n`, {
    headers: {
      "Content-Type": "application/internet-shortcut",
      "Content-Disposition": 'attachment; filename="shop.url"',
      "Cache-Control": origin ? "public, max-age=3600" : "private, no-cache",
    },
  });
}

export const action = methodNotAllowed;
