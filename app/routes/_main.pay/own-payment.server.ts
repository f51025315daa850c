import type { UpstreamContext } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { getPayInfo } from "~/upstream/pay.server";
import { notFoundResponse } from "~/utils/not-found.server";

/** The member's own payment record, else 404 (another member's serial must not even be confirmed). */
export async function ownPayment(ctx: UpstreamContext, outTradeNo: string) {
  const [info, member] = await Promise.all([getPayInfo(ctx, outTradeNo), getMember(ctx)]);
  if (!info || info.member_id !== member.member_id) throw notFoundResponse();
  return { info, member };
}
