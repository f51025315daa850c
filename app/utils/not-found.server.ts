import { redirect } from "~/utils/redirect.server";
import { readToken } from "~/auth/session.server";
import { isLoginRequired } from "~/utils/routes";
import { loginUrlFor } from "~/utils/safe-redirect";

/**
 * What every unmatched URL answers (the splat route and the prefixed-id routes such as
 * `/sku-{id}` when the segment does not parse): login-required URLs of spec §2 that are not
 * built yet send a visitor to login first, as the built ones do; everything else is a 404.
 */
export async function throwNotFound(request: Request): Promise<never> {
  if (isLoginRequired(new URL(request.url).pathname) && !(await readToken(request))) {
    throw redirect(loginUrlFor(request));
  }
  throw notFoundResponse();
}

/** The thrown 404 itself (the route's ErrorBoundary renders the page). */
export function notFoundResponse(): Response {
  return new Response(null, { status: 404 });
}
