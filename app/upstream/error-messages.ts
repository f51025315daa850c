import { upstreamError } from "~/utils/error-text";

/**
 * Upstream refusals we know get our own translated text; anything else is shown as the upstream
 * wrote it (spec §8 "Other errors: server message").
 */
const KNOWN: Record<string, string> = {
  "-10022": "auth:errors.invalidCredentials",
  用户名或密码错误: "auth:errors.invalidCredentials",
  验证码不正确: "auth:errors.captchaWrong",
  验证码已失效: "auth:errors.captchaExpired",
  用户名已存在: "auth:errors.usernameTaken",
  手机号已存在: "auth:errors.mobileTaken",
  "该手机号未注册！": "auth:errors.mobileUnknown",
  手机号不存在: "auth:errors.mobileUnknown",
  动态码错误: "auth:errors.codeWrong",
  手机动态码不正确: "auth:errors.codeWrong",
  账号不存在: "auth:errors.accountUnknown",
  "验证码错误次数过多，请重新获取": "auth:errors.codeBurned",
  // Promotion checkouts (contract §7.2).
  "当前商品秒杀活动未开启或已过期！": "promotion:errors.seckillClosed",
  该商品库存不足: "promotion:errors.outOfStock",
  组合套餐不存在: "promotion:errors.comboMissing",
  "当前商品团购活动未开启或已过期！": "promotion:errors.groupbuyClosed",
  // Points mall (contract §6.12).
  账户积分不足: "point:errors.pointShortUpstream",
  "当前兑换库存不足！": "point:errors.stockUpstream",
  "当前兑换活动未开启！": "point:errors.closed",
  兑换数量不能小于1: "point:errors.badQuantity",
  "当前商品专题活动未开启！": "topic:errors.closed",
  购买数量不能小于1: "promotion:errors.badQuantity",
};

/** Refusals that carry numbers: the pattern's groups become the key's options (errorText's "key|name=value"). */
const PATTERNS: Array<{ pattern: RegExp; key: (match: RegExpExecArray) => string }> = [
  { pattern: /^该商品每人限购(\d+)件，您已购买(\d+)件$/, key: (m) => `promotion:errors.seckillLimit|limit=${m[1]}|bought=${m[2]}` },
  { pattern: /^该商品限制购买不能少于(\d+)件！$/, key: (m) => `promotion:errors.groupbuyMinimum|count=${m[1]}` },
  { pattern: /^最多可以兑换(\d+)件，您已兑换(\d+)件$/, key: (m) => `point:errors.limit|limit=${m[1]}|exchanged=${m[2]}` },
  // Niushop names what was exchanged only when it is something.
  { pattern: /^最多可以兑换(\d+)件$/, key: (m) => `point:errors.limitPerMember|limit=${m[1]}` },
  { pattern: /^该专题商品每人限购(\d+)件，您已购买(\d+)件$/, key: (m) => `topic:errors.limit|limit=${m[1]}|bought=${m[2]}` },
];

export function formErrorFor(error: { code: number; upstreamMessage: string }): string {
  const known = KNOWN[String(error.code)] ?? KNOWN[error.upstreamMessage];
  if (known) return known;
  for (const { pattern, key } of PATTERNS) {
    const match = pattern.exec(error.upstreamMessage);
    if (match) return key(match);
  }
  return upstreamError(error.upstreamMessage || "操作失败");
}
