import type { AppLoadContext } from "@remix-run/node";
import { readToken } from "~/session/session.server";
import { memberContext } from "~/upstream/context.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { isLoginRequired } from "~/utils/routes";
import { loginUrlFor } from "~/utils/safe-redirect";

/** Every member loader and action calls this itself (loaders run in parallel; STYLE.md B3). */
export async function requireMember(request: Request, context: AppLoadContext): Promise<UpstreamContext & { token: string }> {
  const ctx = await memberContext(request, context, "required");
  if (!ctx.token) throw redirect(loginUrlFor(request));
  return ctx as UpstreamContext & { token: string };
}

/** Login and registration pages are for visitors; a member goes to the member centre. */
export async function requireVisitor(request: Request, context: AppLoadContext) {
  const ctx = await memberContext(request, context);
  if (ctx.token) throw redirect("/member/index");
  return ctx;
}

/**
 * What every unmatched URL answers (the splat route and the prefixed-id routes such as
 * `/sku-{id}` when the segment does not parse): login-required URLs of spec §2 that are not
 * built yet send a visitor to login first, as the built ones do; everything else is a 404.
 */
export async function throwNotFound(request: Request, context: AppLoadContext): Promise<never> {
  if (isLoginRequired(new URL(request.url).pathname) && !(await readToken(request, context))) {
    throw redirect(loginUrlFor(request));
  }
  throw notFoundResponse();
}
