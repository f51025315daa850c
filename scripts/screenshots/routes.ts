import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The pages `npm run screenshots` opens: every page route module of app/routes, with a URL into the
 * reference shop API's demo data (docs/testing.md "Screenshots"), and who looks at it. A route
 * module that renders a page and is missing here stops the script (`unlistedPageRoutes`), so a new
 * page is screenshotted from its first day.
 */
export type Viewer = "visitor" | "member";

export type ScreenshotRoute = {
  /** The route module, relative to app/routes. */
  file: string;
  path: string;
  /** The picture's file name (unique). */
  name: string;
  /** Who looks: pages that need the login only as the member; pages that differ by viewer as both. */
  viewers: readonly Viewer[];
};

const VISITOR = ["visitor"] as const;
const MEMBER = ["member"] as const;
const BOTH = ["visitor", "member"] as const;

/** Route modules that never render a page of their own (redirects, resource routes, layouts). */
export const NOT_PAGES = [
  "_index.tsx", // / → /index
  "_main.member._index.tsx", // /member → /member/index
  "_main.search.tsx", // the no-JS header search → /list or /street
  "_main.tsx",
  "_main.member.tsx",
  "_auth.tsx",
  "desktop-shortcut[.]url.ts",
  "float-layer.tsx",
  "logout.tsx",
  "pay-status.ts",
  "regions.tsx",
  "set-lang.tsx",
  "suggest.tsx",
  "top-ad.tsx",
  "login.wechat.check.ts", // the WeChat login page's poll (JSON)
  "_auth.login_.wechat_.bind/route.tsx", // needs a scan first; without one it sends the visitor to /login/wechat (pictured)
];

const route = (file: string, path: string, viewers: readonly Viewer[], name = path) => ({
  file,
  path,
  name: name.replace(/^\//, "").replace(/[^\w.-]+/g, "_") || "root",
  viewers,
});

export const ROUTES: ScreenshotRoute[] = [
  // Catalogue and content
  route("_main.index.tsx", "/index", BOTH),
  route("_main.list.tsx", "/list?category_id=1&level=1", BOTH, "list"),
  route("_main.list.tsx", "/list?keyword=布洛芬", VISITOR, "list-keyword"),
  route("_main.category.tsx", "/category", VISITOR),
  route("_main.brand.tsx", "/brand", VISITOR),
  route("_main.street.tsx", "/street", VISITOR),
  route("_main.coupon.tsx", "/coupon", BOTH),
  route("_main.$slug.tsx", "/sku-1", BOTH),
  route("_main.activity.tsx", "/activity", VISITOR),
  route("_main.sacontrol/route.tsx", "/sacontrol", MEMBER),
  route("_main.cacontrelist.tsx", "/cacontrelist", MEMBER),
  route("_main.cart/route.tsx", "/cart", BOTH),
  route("_main.cms.notice.tsx", "/cms/notice", VISITOR),
  route("_main.cms.$slug.tsx", "/cms/notice-1", VISITOR),
  route("_main.cms.$slug.tsx", "/cms/help-1", VISITOR),
  route("_main.cms.help._index.tsx", "/cms/help", VISITOR),
  route("_main.cms.help.$slug.tsx", "/cms/help/listother-1", VISITOR),
  route("_main.$.tsx", "/no-such-page", VISITOR),
  route("closed.tsx", "/closed", VISITOR), // the shop is open: this shows where /closed sends a visitor
  route("_main.chat.tsx", "/chat", MEMBER),
  route("_main.switch-account.tsx", "/switch-account", MEMBER),
  // Promotions and the points mall
  route("_main.promotion.seckill.tsx", "/promotion/seckill", BOTH),
  route("_main.promotion.$slug/route.tsx", "/promotion/seckill-1", BOTH),
  route("_main.promotion.$slug/route.tsx", "/promotion/combo-1", VISITOR),
  route("_main.promotion.$slug/route.tsx", "/promotion/groupbuy-2", VISITOR),
  route("_main.promotion.$slug/route.tsx", "/promotion/topic-1", VISITOR),
  route("_main.promotion.$slug/route.tsx", "/promotion/topic-goods-6", VISITOR),
  route("_main.promotion.groupbuy.tsx", "/promotion/groupbuy", VISITOR),
  route("_main.promotion.topic.tsx", "/promotion/topic", VISITOR),
  route("_main.promotion.seckill_payment.tsx", "/promotion/seckill_payment?seckill_id=1&sku_id=60&num=1", MEMBER, "seckill_payment"),
  route("_main.promotion.groupbuy_payment.tsx", "/promotion/groupbuy_payment?groupbuy_id=2&sku_id=158&num=10", MEMBER, "groupbuy_payment"),
  route("_main.promotion.topic_payment.tsx", "/promotion/topic_payment?topic_goods_id=6&num=1", MEMBER, "topic_payment"),
  route("_main.promotion.combo_payment.tsx", "/promotion/combo_payment?bl_id=1&num=1", MEMBER, "combo_payment"),
  route("_main.point._index.tsx", "/point", VISITOR),
  route("_main.point.$id.tsx", "/point/1", VISITOR),
  route("_main.point.payment.tsx", "/point/payment?id=3&num=1", MEMBER, "point_payment"), // 300 points: the demo member has them
  // Checkout
  route("_main.payment/route.tsx", "/payment?sku_id=1&num=2", MEMBER, "payment"),
  route("_main.pay/route.tsx", "/pay?order_id=1", MEMBER, "pay"),
  route("_main.result/route.tsx", "/result?out_trade_no=17678880000000031", MEMBER, "result"), // the demo's paid order 3
  route("_main.evaluate/route.tsx", "/evaluate?order_id=5", MEMBER, "evaluate"), // the demo's completed order
  // Sign-in pages (a member is sent on to the member centre)
  route("_auth.login/route.tsx", "/login", VISITOR),
  route("_auth.login_.wechat/route.tsx", "/login/wechat", VISITOR), // before a code is asked for (a POST)
  route("_auth.register/route.tsx", "/register", VISITOR),
  route("_auth.find_pass/route.tsx", "/find_pass", VISITOR),
  // Member centre
  route("_main.member.index.tsx", "/member/index", MEMBER),
  route("_main.member.info/route.tsx", "/member/info", MEMBER),
  route("_main.member.security/route.tsx", "/member/security", MEMBER),
  route("_main.member.certiys.tsx", "/member/certiys", MEMBER),
  route("_main.member.qualification/route.tsx", "/member/qualification", MEMBER),
  route("_main.member.account.tsx", "/member/account", MEMBER),
  route("_main.member.account_list.tsx", "/member/account_list", MEMBER),
  route("_main.member.account_edit/route.tsx", "/member/account_edit", MEMBER),
  route("_main.member.apply_withdrawal.tsx", "/member/apply_withdrawal", MEMBER),
  route("_main.member.withdrawal.tsx", "/member/withdrawal", MEMBER),
  route("_main.member.withdrawal_detail.tsx", "/member/withdrawal_detail?id=1", MEMBER, "member-withdrawal_detail"),
  route("_main.member.recharge_list.tsx", "/member/recharge_list", MEMBER),
  route("_main.member.recharge_detail.tsx", "/member/recharge_detail?order_id=1", MEMBER, "member-recharge_detail"),
  route("_main.member.recharge_order/route.tsx", "/member/recharge_order?recharge_id=1", MEMBER, "member-recharge_order"),
  route("_main.member.delivery_address/route.tsx", "/member/delivery_address", MEMBER),
  route("_main.member.address_edit/route.tsx", "/member/address_edit?id=1", MEMBER, "member-address_edit"),
  route("_main.member.collection.tsx", "/member/collection", MEMBER),
  route("_main.member.footprint.tsx", "/member/footprint", MEMBER),
  route("_main.member.my_coupon.tsx", "/member/my_coupon", MEMBER),
  route("_main.member.my_point.tsx", "/member/my_point", MEMBER),
  route("_main.member.level.tsx", "/member/level", MEMBER),
  route("_main.member.signin.tsx", "/member/signin", MEMBER),
  route("_main.member.out_of_stock.tsx", "/member/out_of_stock", BOTH),
  route("_main.member.order_list/route.tsx", "/member/order_list", MEMBER),
  route("_main.member.order_detail/route.tsx", "/member/order_detail?order_id=3", MEMBER, "member-order_detail"),
  route("_main.member.order_detail_local_delivery/route.tsx", "/member/order_detail_local_delivery?order_id=3", MEMBER, "member-order_detail_local_delivery"),
  route("_main.member.order_detail_pickup/route.tsx", "/member/order_detail_pickup?order_id=3", MEMBER, "member-order_detail_pickup"),
  route("_main.member.order_detail_virtual/route.tsx", "/member/order_detail_virtual?order_id=3", MEMBER, "member-order_detail_virtual"),
  route("_main.member.order_agreement/route.tsx", "/member/order_agreement?order_id=1", MEMBER, "member-order_agreement"),
  route("_main.member.logistics/route.tsx", "/member/logistics?order_id=4", MEMBER, "member-logistics"),
  route("_main.member.activist/route.tsx", "/member/activist", MEMBER),
  route("_main.member.refund/route.tsx", "/member/refund?order_goods_id=11&order_id=3", MEMBER, "member-refund"),
  route("_main.member.refund_detail/route.tsx", "/member/refund_detail?order_goods_id=14", MEMBER, "member-refund_detail"), // order 6's after-sales case
  route("_main.member.complain/route.tsx", "/member/complain?order_goods_id=14", MEMBER, "member-complain"),
  route("_main.member.verification/route.tsx", "/member/verification", MEMBER),
  route("_main.member.verification_list/route.tsx", "/member/verification_list", MEMBER),
  route("_main.member.verification_detail/route.tsx", "/member/verification_detail?verify_code=1", MEMBER, "member-verification_detail"),
];

/** Page route modules (of `files`, relative to app/routes) that no entry of ROUTES opens. */
export function unlistedPageRoutes(files: readonly string[]): string[] {
  const listed = new Set([...ROUTES.map((entry) => entry.file), ...NOT_PAGES]);
  return files.filter((file) => !listed.has(file));
}

/** Page route modules of app/routes: top-level modules and folders' route.tsx. */
export function pageRouteFiles(routesDir = "app/routes"): string[] {
  return readdirSync(routesDir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (existsSync(path.join(routesDir, entry.name, "route.tsx")) ? [`${entry.name}/route.tsx`] : []) : [entry.name],
  );
}
