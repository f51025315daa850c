/**
 * Names the upstream gives to things that have a code (issue 29): order and refund statuses,
 * delivery and pay types, the stock refund reasons. Niushop answers them in Chinese; the page
 * shows them in the buyer's language when the name is Niushop's own wording for that code, and as
 * the shop wrote it otherwise (a shop's own wording is free text, kept as it is).
 *
 * The answer is a label for `errorText`: a key under `coded` of the common namespace (translated),
 * or the shop's words behind the upstream prefix (shown as they are).
 */

type Wordings = Record<string, string>;

/** order_status → Niushop's wordings of it (5.5.2 `app/model/order/*Order.php`, the offline-pay review) → key. */
const ORDER_STATUS: Record<number, Wordings> = {
  0: { 待支付: "waitPay", 待审核: "offlineReview", 审核拒绝: "offlineRefused" },
  1: { 待发货: "waitSend", 部分发货: "partlySent" },
  2: { 待提货: "waitPickup" },
  3: { 已发货: "shipped", 待收货: "waitReceive", 配送中: "delivering" },
  4: { 已收货: "received", 已提货: "pickedUp" },
  10: { 已完成: "completed" },
  11: { 待使用: "waitUse", 待核销: "waitVerify" },
  12: { 已使用: "used", 已核销: "verified" },
  [-1]: { 已关闭: "closed" },
};

/** refund_status → wordings → key (the after-sales statuses of a line). */
const REFUND_STATUS: Record<number, Wordings> = {
  1: { 申请售后: "applied", 申请退款: "applied" },
  2: { 待转账: "waitTransfer" },
  3: { 售后结束: "done", 退款完成: "done" },
  4: { 买家待退货: "waitReturn" },
  5: { 卖家待收货: "waitSellerReceive" },
  6: { 卖家已收货: "sellerReceived" },
  [-1]: { 卖家拒绝: "refused" },
  [-3]: { 部分退款: "partlyRefunded" },
};

/** delivery_type → wordings → key. */
const DELIVERY_TYPE: Record<string, Wordings> = {
  express: { 快递发货: "express", 物流配送: "express" },
  store: { 门店自提: "store" },
  local: { 同城配送: "local", 外卖配送: "local" },
};

/** pay_type → wordings → key. */
const PAY_TYPE: Record<string, Wordings> = {
  alipay: { 支付宝: "alipay", 支付宝支付: "alipay" },
  wechatpay: { 微信支付: "wechatpay", 微信: "wechatpay" },
  balance: { 余额支付: "balance" },
  BALANCE: { 余额支付: "balance" },
  offlinepay: { 线下支付: "offlinepay" },
  ONLINE_PAY: { 在线支付: "online" },
};

/**
 * A ledger row's source (`from_type`) → wordings → key: the sources Niushop 5.5.2's MemberAccount
 * model and its stock addons name (one code may be named per account kind: `order` is 消费 for
 * money and 积分抵扣 for points). A source an addon or the shop names otherwise stays as written.
 */
const LEDGER_SOURCE: Record<string, Wordings> = {
  register: { 注册: "register" },
  adjust: { 调整: "adjust" },
  order: { 消费: "order", 积分抵扣: "pointDeduct" },
  refund: { 退还: "refund" },
  order_close: { 订单关闭退还: "orderClose" },
  upgrade: { 升级: "upgrade" },
  withdraw: { 提现: "withdraw" },
  withdraw_fail: { 提现失败: "withdrawFailed" },
  withdraw_back: { 提现退回: "withdrawBack" },
  memberrecharge: { 会员充值: "recharge", 充值赠送: "rechargeGift" },
  signin: { 签到: "signin" },
  pointexchangerefund: { 积分兑换退还: "pointExchangeRefund" },
  point_expire: { 积分到期: "pointExpire" },
  birthdaygift: { 生日有礼: "birthdayGift" },
};

/** Niushop's stock refund reasons (its default after-sales settings); a shop's own reasons stay as written. */
const REFUND_REASONS: Wordings = {
  未按约定时间发货: "lateDelivery",
  "拍错/多拍/不喜欢": "wrongOrder",
  协商一致退款: "agreed",
  其他: "other",
};

function label(group: string, wordings: Wordings | undefined, name: string): string {
  const key = wordings?.[name.trim()];
  return key ? `common:coded.${group}.${key}` : `upstream:${name}`;
}

export const orderStatusLabel = (status: number, name: string) => label("orderStatus", ORDER_STATUS[status], name);
export const refundStatusLabel = (status: number, name: string) => label("refundStatus", REFUND_STATUS[status], name);
export const deliveryTypeLabel = (type: string, name: string) => label("deliveryType", DELIVERY_TYPE[type], name);
export const payTypeLabel = (type: string, name: string) => label("payType", PAY_TYPE[type], name);
export const ledgerSourceLabel = (fromType: string, name: string) => label("ledgerSource", LEDGER_SOURCE[fromType], name);
export const refundReasonLabel = (reason: string) => label("refundReason", REFUND_REASONS, reason);
