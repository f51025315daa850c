import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Every route module of app/routes that exports an `action`, with a URL to post to and a
 * well-formed body. `uncoveredActionRoutes()` compares this list with app/routes, so a new action
 * route fails the run until it is listed here.
 */
export type ActionRoute = {
  /** The route module, relative to app/routes. */
  file: string;
  path: string;
  /** Who posts: a visitor, or a logged-in member (member-only actions send visitors to /login first). */
  as: "visitor" | "member";
  /** A well-formed body (the action may still refuse it on the merits). */
  valid: Record<string, string>;
  /** False for actions that never read the body (logout): a redirect is then a fine answer to any body. */
  readsBody: boolean;
};

export const ACTION_ROUTES: ActionRoute[] = [
  {
    file: "_auth.login/route.tsx",
    path: "/login",
    as: "visitor",
    valid: { intent: "password-login", username: "nobody_resilience", password: "wrong-password-1", redirect: "/index" },
    readsBody: true,
  },
  {
    file: "_auth.register/route.tsx",
    path: "/register",
    as: "visitor",
    valid: { intent: "register-username", username: "resilience_x", password: "abc123456", confirm_password: "abc123456", agreement: "on", redirect: "/index" },
    readsBody: true,
  },
  // WeChat login (ADR 062): "我已扫码" without a code in the session (answered "expired", no upstream
  // QR code made); the bind form without a scan sends the visitor back to the QR page unread; the poll.
  { file: "_auth.login_.wechat/route.tsx", path: "/login/wechat", as: "visitor", valid: { intent: "check", redirect: "/index" }, readsBody: true },
  {
    file: "_auth.login_.wechat_.bind/route.tsx",
    path: "/login/wechat/bind",
    as: "visitor",
    valid: { intent: "send-code", mobile: "13800000000", captcha_id: "x", captcha_code: "1234" },
    readsBody: false,
  },
  { file: "login.wechat.check.ts", path: "/login/wechat/check", as: "visitor", valid: { redirect: "/index" }, readsBody: true },
  {
    file: "_auth.find_pass/route.tsx",
    path: "/find_pass",
    as: "visitor",
    valid: { intent: "send-code", mobile: "13800000000", captcha_id: "x", captcha_code: "1234" },
    readsBody: true,
  },
  { file: "_main.cart/route.tsx", path: "/cart", as: "member", valid: { intent: "delete", cart_id: "999999", redirect: "/cart" }, readsBody: true },
  { file: "_main.coupon.tsx", path: "/coupon", as: "member", valid: { intent: "receive", coupon_type_id: "999999" }, readsBody: true },
  { file: "_main.$slug.tsx", path: "/sku-1", as: "member", valid: { intent: "qrcode" }, readsBody: true },
  { file: "_main.$.tsx", path: "/no-such-page", as: "visitor", valid: { intent: "x" }, readsBody: false },
  { file: "_main.switch-account.tsx", path: "/switch-account", as: "member", valid: { member_id: "999999" }, readsBody: true },
  { file: "float-layer.tsx", path: "/float-layer", as: "visitor", valid: { window: "1-2", redirect: "/index" }, readsBody: true },
  { file: "top-ad.tsx", path: "/top-ad", as: "visitor", valid: { redirect: "/index" }, readsBody: true },
  { file: "set-lang.tsx", path: "/set-lang", as: "visitor", valid: { lng: "zh-cn", redirect: "/index" }, readsBody: true },
  { file: "logout.tsx", path: "/logout", as: "visitor", valid: {}, readsBody: false },
  {
    file: "_main.member.delivery_address/route.tsx",
    path: "/member/delivery_address",
    as: "member",
    valid: { intent: "set-default", id: "999999", redirect: "/payment?sku_id=1&num=1" },
    readsBody: true,
  },
  {
    file: "_main.member.address_edit/route.tsx",
    path: "/member/address_edit",
    as: "member",
    valid: { intent: "save", name: "韧性测试", mobile: "13800000000", province_id: "110000", city_id: "110100", district_id: "110101", address: "1 号" },
    readsBody: true,
  },
  { file: "_main.payment/route.tsx", path: "/payment?sku_id=1&num=1", as: "member", valid: { intent: "recalculate", sku_id: "1", num: "1" }, readsBody: true },
  // Promotions (issue 12): the seckill detail's "buy" and the seckill checkout.
  { file: "_main.promotion.$slug/route.tsx", path: "/promotion/seckill-1", as: "member", valid: { intent: "buy", sku_id: "60", num: "1" }, readsBody: true },
  {
    file: "_main.promotion.seckill_payment.tsx",
    path: "/promotion/seckill_payment?seckill_id=1&sku_id=60&num=1",
    as: "member",
    valid: { intent: "recalculate", seckill_id: "1", sku_id: "60", num: "1" },
    readsBody: true,
  },
  {
    file: "_main.promotion.groupbuy_payment.tsx",
    path: "/promotion/groupbuy_payment?groupbuy_id=2&sku_id=158&num=10",
    as: "member",
    valid: { intent: "recalculate", groupbuy_id: "2", sku_id: "158", num: "10" },
    readsBody: true,
  },
  // Topics (issue 12 part A): the topic goods' "buy" and the topic checkout.
  { file: "_main.promotion.$slug/route.tsx", path: "/promotion/topic-goods-6", as: "member", valid: { intent: "buy", num: "1" }, readsBody: true },
  {
    file: "_main.promotion.topic_payment.tsx",
    path: "/promotion/topic_payment?topic_goods_id=6&num=1",
    as: "member",
    valid: { intent: "recalculate", topic_goods_id: "6", num: "1" },
    readsBody: true,
  },
  {
    file: "_main.promotion.combo_payment.tsx",
    path: "/promotion/combo_payment?bl_id=1&num=1",
    as: "member",
    valid: { intent: "recalculate", bl_id: "1", num: "1" },
    readsBody: true,
  },
  // Points mall (issue 12): an item's "exchange" and the exchange checkout (goods: the /payment form; coupons: "exchange").
  { file: "_main.point.$id.tsx", path: "/point/1", as: "member", valid: { intent: "exchange", num: "1" }, readsBody: true },
  { file: "_main.point.payment.tsx", path: "/point/payment?id=2&num=1", as: "member", valid: { intent: "recalculate", id: "2", num: "1" }, readsBody: true },
  // Member finance (issue 11).
  { file: "_main.member.account_list.tsx", path: "/member/account_list", as: "member", valid: { intent: "set-default", id: "999999" }, readsBody: true },
  {
    file: "_main.member.account_edit/route.tsx",
    path: "/member/account_edit",
    as: "member",
    valid: { withdraw_type: "bank", realname: "韧性测试", mobile: "13800000000", branch_bank_name: "测试银行", bank_account: "6225880123456789" },
    readsBody: true,
  },
  {
    file: "_main.member.apply_withdrawal.tsx",
    path: "/member/apply_withdrawal",
    as: "member",
    valid: { account_id: "999999", apply_money: "10" },
    readsBody: true,
  },
  { file: "_main.member.info/route.tsx", path: "/member/info", as: "member", valid: { intent: "profile", nickname: "韧性测试", sex: "0" }, readsBody: true },
  // Qualifications (issue 11, docs/qualifications.md).
  {
    file: "_main.member.qualification/route.tsx",
    path: "/member/qualification",
    as: "member",
    valid: { intent: "remove-image", id: "999999", image: "upload/x.png" },
    readsBody: true,
  },
  {
    file: "_main.member.security/route.tsx",
    path: "/member/security",
    as: "member",
    valid: { intent: "password", old_password: "wrong-old-1", new_password: "abc123456", confirm_password: "abc123456" },
    readsBody: true,
  },
  { file: "_main.member.recharge_order/route.tsx", path: "/member/recharge_order", as: "member", valid: { recharge_id: "999999" }, readsBody: true },
  { file: "_main.member.collection.tsx", path: "/member/collection", as: "member", valid: { intent: "unfollow", goods_id: "999999" }, readsBody: true },
  { file: "_main.member.footprint.tsx", path: "/member/footprint", as: "member", valid: { intent: "delete", id: "999999" }, readsBody: true },
  { file: "_main.member.signin.tsx", path: "/member/signin", as: "member", valid: { intent: "signin" }, readsBody: true },
  {
    file: "_main.pay/route.tsx",
    path: "/pay?out_trade_no=999999",
    as: "member",
    valid: { intent: "balance", out_trade_no: "999999", pay_password: "000000" },
    readsBody: true,
  },
  // Orders (docs/orders.md): an unknown order is refused (404) before any upstream change.
  {
    file: "_main.member.order_list/route.tsx",
    path: "/member/order_list",
    as: "member",
    valid: { intent: "delete", order_id: "999999", back: "/member/order_list" },
    readsBody: true,
  },
  ...["order_detail", "order_detail_pickup", "order_detail_local_delivery", "order_detail_virtual"].map((name): ActionRoute => ({
    file: `_main.member.${name}/route.tsx`,
    path: `/member/${name}?order_id=999999`,
    as: "member",
    valid: { intent: "close", order_id: "999999", reason: "other", back: `/member/${name}?order_id=999999` },
    readsBody: true,
  })),
  // The resilience member is a verifier (members.ts), so the body is read; an unknown code is refused.
  {
    file: "_main.member.verification/route.tsx",
    path: "/member/verification?verify_code=999999999999&confirm=1",
    as: "member",
    valid: { intent: "verify", verify_code: "999999999999" },
    readsBody: true,
  },
  // After-sales (docs/after-sales.md): unknown lines and orders are 404 pages for the member.
  {
    file: "_main.evaluate/route.tsx",
    path: "/evaluate?order_id=999999",
    as: "member",
    valid: { intent: "submit", content_1: "好", scores_1: "5" },
    readsBody: true,
  },
  {
    file: "_main.member.refund/route.tsx",
    path: "/member/refund?order_goods_id=999999&order_id=999999",
    as: "member",
    valid: { intent: "submit", refund_type: "1", refund_reason: "其他", remark: "" },
    readsBody: true,
  },
  {
    file: "_main.member.refund_detail/route.tsx",
    path: "/member/refund_detail?order_goods_id=999999",
    as: "member",
    valid: { intent: "cancel" },
    readsBody: true,
  },
  { file: "_main.member.complain/route.tsx", path: "/member/complain?order_goods_id=999999", as: "member", valid: { intent: "cancel" }, readsBody: true },
  // Customer-service chat (issue 13): sends a text message.
  { file: "_main.chat.tsx", path: "/chat", as: "member", valid: { intent: "say", text: "resilience" }, readsBody: true },
];

const EXPORTS_ACTION = /export\s+(?:async\s+)?function\s+action\b|export\s+(?:const|let)\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}/;

function routeModules(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeModules(full, `${prefix}${name}/`);
    return /\.(tsx?|jsx?)$/.test(name) ? [`${prefix}${name}`] : [];
  });
}

/** GET-only resource routes answer every POST with the translated 405 (no body read): nothing to probe. */
const GET_ONLY = /export\s+const\s+action\s*=\s*methodNotAllowed\b/;

/** Route modules that export an action but have no entry above. */
export function uncoveredActionRoutes(routesDir = "app/routes"): string[] {
  const listed = new Set(ACTION_ROUTES.map((route) => route.file));
  return routeModules(routesDir).filter((file) => {
    const source = readFileSync(path.join(routesDir, file), "utf8");
    return EXPORTS_ACTION.test(source) && !GET_ONLY.test(source) && !listed.has(file);
  });
}
