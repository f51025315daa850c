import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { z } from "zod";
import { requireVerifier } from "~/auth/verifier.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { normalizeVerifyCode } from "~/domain/verification";
import { UpstreamError } from "~/upstream/http.server";
import { getVerifyInfo, verifyCode, verifyRefusal } from "~/upstream/verify.server";
import { toCodeView, type VerificationDeskActionData, type VerificationDeskData } from "~/upstream/verify-view.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { redirectWithToast } from "~/utils/toast.server";
import { VerificationDeskPage } from "~/components/verification/pages";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

export const handle: RouteHandle = { i18n: ["verification"], title: "verification:desk.title" };

/** `verify_code`: the code looked up (a GET form, so a lookup is a link); `confirm=1`: the confirm step. */
const QuerySchema = z.object({
  verify_code: z.string().max(200).optional().catch(undefined),
  confirm: z.literal("1").optional().catch(undefined),
});

/** The confirm step's button and its code, both hidden: their errors are the form's. */
const IntentSchema = z.object({
  intent: z.literal("verify", { errorMap: () => ({ message: "verification:errors.badRequest" }) }),
  // A file where the code should be is no code at all.
  verify_code: z
    .string({ required_error: "verification:errors.required", invalid_type_error: "verification:errors.required" })
    .max(200, "verification:errors.invalid"),
});

/** Unknown codes are a 404; a code that exists but is refused (used, expired…) a 409. */
const refusalStatus = (error: string) => (error === "verification:errors.unknown" ? 404 : 409);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireVerifier(request, context);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const typed = query.verify_code?.trim() ?? "";
  const empty: VerificationDeskData = { typed, view: null, confirm: false, error: null };
  if (typed === "") return data<VerificationDeskData>(empty, { headers: PRIVATE_NO_STORE });
  const code = normalizeVerifyCode(typed);
  if (!code) return data<VerificationDeskData>({ ...empty, error: "verification:errors.invalid" }, { status: 400, headers: PRIVATE_NO_STORE });
  try {
    const view = toCodeView(await getVerifyInfo(ctx, code), Math.floor(Date.now() / 1000));
    return data<VerificationDeskData>({ typed: code, view, confirm: query.confirm === "1" && view.verifiable, error: null }, { headers: PRIVATE_NO_STORE });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.constructor !== UpstreamError) throw error;
    const message = verifyRefusal(error);
    return data<VerificationDeskData>({ ...empty, error: message }, { status: refusalStatus(message), headers: PRIVATE_NO_STORE });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireVerifier(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: IntentSchema });
  if (submission.status !== "success") {
    // One message, the first problem's (the intent's before the code's), as the desk shows one.
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "verification:errors.badRequest";
    return data<VerificationDeskActionData>({ result: submission.reply({ formErrors: [first] }) }, { status: 400 });
  }
  const code = normalizeVerifyCode(submission.value.verify_code);
  if (!code) return data<VerificationDeskActionData>({ result: submission.reply({ formErrors: ["verification:errors.invalid"] }) }, { status: 400 });
  try {
    await verifyCode(ctx, code);
  } catch (error) {
    // Unknown, used, expired, refunded or closed: the upstream changed nothing; say why.
    if (!(error instanceof UpstreamError) || error.constructor !== UpstreamError) throw error;
    const message = verifyRefusal(error);
    return data<VerificationDeskActionData>({ result: submission.reply({ formErrors: [message] }) }, { status: refusalStatus(message) });
  }
  return redirectWithToast(`/member/verification_detail?${new URLSearchParams({ verify_code: code })}`, { kind: "success", key: "verification:desk.verified" });
}

export default VerificationDeskPage;

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
