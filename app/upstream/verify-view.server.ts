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
