import type { LoaderFunctionArgs } from "@remix-run/node";

/** "Save to desktop" (spec §2 top bar): an Internet shortcut to this shop's home page. */
export function loader({ request }: LoaderFunctionArgs) {
  const home = new URL("/index", request.url).href;
  return new Response(`[InternetShortcut]\r\nURL=${home}\r\n`, {
    headers: {
      "Content-Type": "application/internet-shortcut",
      "Content-Disposition": 'attachment; filename="shop.url"',
      "Cache-Control": "public, max-age=3600",
    },
  });
}
