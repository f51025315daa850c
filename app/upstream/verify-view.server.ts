import type { SubmissionResult } from "@conform-to/react";
import { canVerify, verifyState } from "~/domain/verification";
import { formatDateTime } from "~/utils/format";
import { assetUrl } from "./context.server";
import type { VerifyInfo } from "./schemas/verify";

/** A code as the verification pages show it (pruned from the upstream's record). */
export function toCodeView(info: VerifyInfo, nowSeconds: number) {
  const state = verifyState(info, nowSeconds);
  return {
    code: info.verify_code,
    typeName: info.verify_type_name,
    siteName: info.site_name,
    state,
    verifiable: canVerify(state),
    uses: { done: info.verify_use_num, total: info.verify_total_count },
    expires: info.expire_time > 0 ? formatDateTime(info.expire_time) : "",
    created: formatDateTime(info.create_time),
    verifierName: info.verifier_name,
    verifiedAt: formatDateTime(info.verify_time),
    items: info.item_array.map((item) => ({ image: assetUrl(item.img), name: item.name, price: item.price, num: item.num })),
    remarks: info.remark_array.filter((remark) => remark.title || remark.value),
    history: (info.verify_record ?? []).map((use) => ({ verifierName: use.verifier_name, time: formatDateTime(use.verify_time) })),
  };
}
export type CodeView = ReturnType<typeof toCodeView>;

/*
 * What the three verification pages receive (app/components/verification/pages.tsx renders them;
 * their routes' loaders and action answer exactly these).
 */

/** /member/verification: the code typed, what it is, whether the confirm step shows, a refusal. */
export type VerificationDeskData = { typed: string; view: CodeView | null; confirm: boolean; error: string | null };
/** The desk's action refusal, conform's result with the message as its form error (success redirects to the code's detail). */
export type VerificationDeskActionData = { result: SubmissionResult<string[]> };
/** /member/verification_detail: the code, or why it cannot be shown. */
export type VerificationDetailData = { view: CodeView | null; error: string | null };
/** One row of /member/verification_list. */
export type VerifiedRow = Pick<CodeView, "code" | "typeName" | "verifierName" | "verifiedAt" | "state" | "uses"> & { goods: string; orderNo: string };
/** /member/verification_list: the kinds as tabs, the chosen one and a page of verified codes. */
export type VerificationListData = { tabs: Array<{ key: string; name: string }>; type: string; page: number; pageCount: number; rows: VerifiedRow[] };
