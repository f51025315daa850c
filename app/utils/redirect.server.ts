import { redirect as remixRedirect } from "@remix-run/node";
import { safeRedirect } from "./safe-redirect";

/**
 * The app's one way to redirect (lint forbids Remix's own): every target passes safeRedirect, so
 * no path taken from a request (a `redirect` parameter, the current URL) can send the browser
 * off-site. A target that is not a same-origin path becomes `/index`.
 */
export function redirect(target: string, init?: number | ResponseInit): Response {
  return remixRedirect(safeRedirect(target), init);
}
