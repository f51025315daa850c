import { upstreamError } from "~/utils/error-text";
import { callUpstream, EndpointMissingError, UpstreamError, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";
import { VerifyInfoSchema, VerifyPageSchema, VerifyTypesSchema } from "./schemas/verify";

// Verification by staff (contract §4.6): per member, never cached.

/**
 * Whether the member is a verifier. The upstream answers a refusal for anyone else; an upstream
 * without the endpoint has no verification at all, so nobody is one there.
 */
export async function isVerifier(ctx: UpstreamContext): Promise<boolean> {
  try {
    await callUpstream(ctx, "/api/verify/checkisverifier", Ignored);
    return true;
  } catch (error) {
    if (error instanceof EndpointMissingError) return false;
    // Token and closed-shop errors are subclasses, handled by the context: let them through.
    if (error instanceof UpstreamError && error.constructor === UpstreamError) return false;
    throw error;
  }
}

/** The kinds of codes, for the history's tabs (`pickup`, `virtualgoods`, addon kinds). */
export function listVerifyTypes(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/verify/getverifytype", VerifyTypesSchema);
}

/** A code's details (items, remarks, state); an unknown code is an UpstreamError (see verifyRefusal). */
export function getVerifyInfo(ctx: UpstreamContext, code: string) {
  return callUpstream(ctx, "/api/verify/verifyinfo", VerifyInfoSchema, { verify_code: code });
}

/** Uses the code once (pickup: the order is received; virtual: one use of its total). */
export function verifyCode(ctx: UpstreamContext, code: string) {
  return callUpstream(ctx, "/api/verify/verify", Ignored, { verify_code: code });
}

/** The verifier's history, newest first; `type` is "all" or a key of listVerifyTypes. */
export function listVerified(ctx: UpstreamContext, params: { type: string; page: number; pageSize: number }) {
  return callUpstream(ctx, "/api/verify/lists", VerifyPageSchema, { verify_type: params.type, page: params.page, page_size: params.pageSize });
}

/** Refusals we word ourselves (both languages); any other is shown as the upstream wrote it. */
const REFUSALS: Array<[RegExp, string]> = [
  [/不存在|找不到/, "verification:errors.unknown"],
  [/已核销|IS_VERIFYED|已使用|已提货/, "verification:errors.used"],
  [/过期/, "verification:errors.expired"],
  [/退款|售后|维权/, "verification:errors.refunded"],
  [/关闭/, "verification:errors.closed"],
  [/核销员|核销权限/, "verification:errors.notVerifier"],
];

/** A refusal of verifyinfo/verify as a form error: our key when we know it, else the upstream's text. */
export function verifyRefusal(error: UpstreamError): string {
  const known = REFUSALS.find(([pattern]) => pattern.test(error.upstreamMessage));
  return known ? known[1] : upstreamError(error.upstreamMessage || "操作失败");
}
