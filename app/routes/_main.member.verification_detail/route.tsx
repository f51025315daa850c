import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { z } from "zod";
import { requireVerifier } from "~/auth/verifier.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { normalizeVerifyCode } from "~/domain/verification";
import { UpstreamError } from "~/upstream/http.server";
import { getVerifyInfo, verifyRefusal } from "~/upstream/verify.server";
import { toCodeView, type VerificationDetailData } from "~/upstream/verify-view.server";
import type { RouteHandle } from "~/utils/handle";
import { VerificationDetailPage } from "~/components/verification/pages";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

export const handle: RouteHandle = { i18n: ["verification"], title: "verification:detail.title" };

const QuerySchema = z.object({ verify_code: z.string().max(200).optional().catch(undefined) });

/** One code with its uses (reached from the history or after verifying). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireVerifier(request, context);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const code = normalizeVerifyCode(query.verify_code ?? "");
  if (!code) return data<VerificationDetailData>({ view: null, error: "verification:errors.invalid" }, { status: 400, headers: PRIVATE_NO_STORE });
  try {
    return data<VerificationDetailData>(
      { view: toCodeView(await getVerifyInfo(ctx, code), Math.floor(Date.now() / 1000)), error: null },
      { headers: PRIVATE_NO_STORE },
    );
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.constructor !== UpstreamError) throw error;
    const message = verifyRefusal(error);
    return data<VerificationDetailData>(
      { view: null, error: message },
      { status: message === "verification:errors.unknown" ? 404 : 409, headers: PRIVATE_NO_STORE },
    );
  }
}

export default VerificationDetailPage;

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
