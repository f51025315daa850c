import { memberContext } from "~/upstream/context.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";

/** Every member loader and action calls this itself (loaders run in parallel; STYLE.md B3). */
export async function requireMember(request: Request): Promise<UpstreamContext & { token: string }> {
  const ctx = await memberContext(request, "required");
  if (!ctx.token) throw redirect(loginUrlFor(request));
  return ctx as UpstreamContext & { token: string };
}

/** Login and registration pages are for visitors; a member goes to the member centre. */
export async function requireVisitor(request: Request) {
  const ctx = await memberContext(request);
  if (ctx.token) throw redirect("/member/index");
  return ctx;
}
