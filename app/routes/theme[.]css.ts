import { themeCss } from "~/theme.server";
import { methodNotAllowed } from "~/utils/bad-request.server";

let css: string | undefined;

export function loader() {
  css ??= themeCss();
  return new Response(css, {
    headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = methodNotAllowed;
