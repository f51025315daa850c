import type { AppLoadContext } from "@remix-run/node";
import { getT } from "~/i18n/i18next.server";
import { isVerifier } from "~/upstream/verify.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireMember } from "./guards.server";

/**
 * The verification pages are for members the upstream says are verifiers (checkisverifier);
 * a visitor goes to login (requireMember), any other member to the member centre with a message.
 * The message is translated here: the member centre does not load the verification texts.
 */
export async function requireVerifier(request: Request, context: AppLoadContext): Promise<UpstreamContext & { token: string }> {
  const ctx = await requireMember(request, context);
  if (await isVerifier(ctx)) return ctx;
  const t = await getT(request, "verification");
  throw await redirectWithToast("/member/index", { kind: "error", text: t("errors.notVerifier") });
}
