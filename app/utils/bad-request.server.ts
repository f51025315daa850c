import { getT } from "~/i18n/i18next.server";

/**
 * A translated plain-text error for answers that have no page of their own (resource routes, a
 * body that is not a form), so a visitor without JS sees a message rather than a server error.
 */
export async function plainError(request: Request, status: 400 | 403 | 405 | 415 | 429): Promise<Response> {
  const t = await getT(request, "errors");
  return new Response(`${t(`title.${status}`)}: ${t(`body.${status}`)}`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function badRequest(request: Request): Promise<Response> {
  return plainError(request, 400);
}

/** The `action` of a GET-only resource route: a translated 405 instead of Remix's JSON error. */
export async function methodNotAllowed({ request }: { request: Request }): Promise<Response> {
  const response = await plainError(request, 405);
  response.headers.set("Allow", "GET, HEAD");
  return response;
}
