import { getT } from "~/i18n/i18next.server";

/**
 * A 400 for resource routes (no page of their own): the translated "bad request" text as plain
 * text, so a visitor without JS sees a message rather than a generic server error.
 */
export async function badRequest(request: Request): Promise<Response> {
  const t = await getT(request, "errors");
  return new Response(`${t("title.400")}: ${t("body.400")}`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
