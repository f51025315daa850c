/**
 * A small typed client of Niushop's shop admin (`/shop/...` and `/<addon>/shop/...`), calling its
 * JSON actions the way its pages do: jQuery's form encoding, `Accept: application/json` (ThinkPHP's
 * `isJson()`), the session cookie of a login that solved the captcha. The seed builds the data set
 * with it; the conformance suite uses it for the admin's steps of a journey (ship, refunds, offline
 * payments) and to read a member's account or an order back.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod/v4";

/** A field as jQuery's `$.param` sends it: nested objects and arrays become `a[b][0]=…`. */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };
export type FormFields = Record<string, FormValue>;

/** jQuery.param (not "traditional"), which PHP reads back into the same nested arrays. */
export function encodeForm(fields: FormFields): string {
  const pairs: string[] = [];
  const add = (key: string, value: FormValue) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => add(`${key}[${typeof item === "object" && item !== null ? i : ""}]`, item));
    } else if (typeof value === "object" && value !== null) {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null || value === undefined ? "" : String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(fields)) add(key, value);
  return pairs.join("&").replace(/%20/g, "+");
}

/**
 * The answer to a captcha, read from ThinkPHP's file cache, where Niushop keeps it under the
 * captcha's id (`runtime/cache/<md5[0,2]>/<md5[2,]>.php`: a 32-byte PHP guard, then the value, raw
 * when numeric, else PHP-serialized). `null` when there is none (used, expired or never made).
 */
export function readCaptchaCode(appDir: string, captchaId: string): string | null {
  const hash = createHash("md5").update(captchaId).digest("hex");
  let content: string;
  try {
    content = readFileSync(path.join(appDir, "runtime", "cache", hash.slice(0, 2), `${hash.slice(2)}.php`), "utf8");
  } catch {
    return null;
  }
  const value = content.slice(32);
  const serialized = /^s:\d+:"(.*)";$/s.exec(value);
  if (serialized) return serialized[1];
  return value === "" ? null : value;
}

/** The admin's envelope. Its code is a number, except in the installer (a message as the code). */
export const AdminEnvelopeSchema = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string().optional().default(""),
  data: z.unknown(),
});
export type AdminEnvelope = z.infer<typeof AdminEnvelopeSchema>;

export class AdminError extends Error {
  constructor(
    readonly path: string,
    readonly answer: unknown,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

const JQUERY_ACCEPT = "application/json, text/javascript, */*; q=0.01";
const CAPTCHA_ID_IN_PAGE = /name="captcha_id"\s+value="([0-9a-f]{32})"/;

export type AdminLogin = {
  baseUrl: string;
  username: string;
  password: string;
  /** The answer to the login captcha (on by default in Niushop); default: read from `appDir`'s file cache. */
  captcha?: (captchaId: string) => string | null;
  appDir?: string;
};

const NumberLike = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);
const OrderGoodsSchema = z.object({ order_goods_id: NumberLike, sku_id: NumberLike, refund_status: NumberLike.optional() });
const OrderDetailSchema = z.object({
  order_id: NumberLike,
  order_no: z.string(),
  out_trade_no: z.string(),
  order_status: NumberLike,
  order_status_name: z.string(),
  pay_status: NumberLike,
  order_money: NumberLike,
  order_goods: z.array(OrderGoodsSchema),
});
export type AdminOrderDetail = z.infer<typeof OrderDetailSchema>;

const MemberRowSchema = z.object({
  member_id: NumberLike,
  username: z.string(),
  balance: NumberLike,
  balance_money: NumberLike,
  point: NumberLike,
});
export type AdminMemberAccount = { memberId: number; username: string; balance: number; balanceMoney: number; point: number };

const PageSchema = <Row extends z.ZodType>(row: Row) => z.object({ list: z.array(row), count: NumberLike.optional() });
const MemberPageSchema = PageSchema(MemberRowSchema);
/** The review states of `addon/offlinepay/model/Pay.php`. */
const OFFLINE_WAIT_AUDIT = 0;
const OFFLINE_AUDIT_PASS = 1;
const OfflinePaySchema = PageSchema(z.object({ id: NumberLike, out_trade_no: z.string(), status: NumberLike }));

export class NiushopAdmin {
  private constructor(
    readonly baseUrl: string,
    private readonly cookies: Map<string, string>,
  ) {}

  /** Opens the login page (session cookie and captcha id), answers the captcha and signs in. */
  static async logIn(login: AdminLogin): Promise<NiushopAdmin> {
    const admin = new NiushopAdmin(login.baseUrl.replace(/\/$/, ""), new Map());
    const page = await admin.request("shop/login/login", { method: "GET" });
    const captchaId = CAPTCHA_ID_IN_PAGE.exec(await page.text())?.[1];
    if (!captchaId) throw new AdminError("shop/login/login", null, "the login page has no captcha id");
    const answer = login.captcha ? login.captcha(captchaId) : login.appDir ? readCaptchaCode(login.appDir, captchaId) : null;
    if (answer === null) throw new AdminError("shop/login/login", null, `no answer for captcha ${captchaId}`);
    await admin.action("shop/login/login", { username: login.username, password: login.password, captcha: answer, captcha_id: captchaId });
    return admin;
  }

  private async request(pathname: string, init: { method: "GET" } | { method: "POST"; body: string }): Promise<Response> {
    const headers: Record<string, string> = { Accept: init.method === "POST" ? JQUERY_ACCEPT : "text/html", "X-Requested-With": "XMLHttpRequest" };
    if (init.method === "POST") headers["Content-Type"] = "application/x-www-form-urlencoded; charset=UTF-8";
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${this.baseUrl}/${pathname.replace(/^\//, "")}`, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  /** POSTs `fields` to an admin action and answers its parsed JSON, whatever its shape. */
  async call(pathname: string, fields: FormFields = {}): Promise<unknown> {
    const response = await this.request(pathname, { method: "POST", body: encodeForm(fields) });
    const text = await response.text();
    if (response.status !== 200) throw new AdminError(pathname, text.slice(0, 300), `HTTP ${response.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new AdminError(pathname, text.slice(0, 300), "the answer is not JSON (signed out, or no such action)");
    }
  }

  /** An action answering the `{code, message, data}` envelope: its data, or an `AdminError` for a negative code. */
  async action(pathname: string, fields: FormFields = {}): Promise<unknown> {
    const answer = await this.call(pathname, fields);
    const envelope = AdminEnvelopeSchema.safeParse(answer);
    if (!envelope.success) throw new AdminError(pathname, answer, "the answer has no envelope");
    if (typeof envelope.data.code === "number" && envelope.data.code < 0) throw new AdminError(pathname, answer, envelope.data.message);
    return envelope.data.data;
  }

  /** `action` with its data parsed by `schema`. */
  async actionData<T>(pathname: string, fields: FormFields, schema: z.ZodType<T>): Promise<T> {
    const data = await this.action(pathname, fields);
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new AdminError(pathname, data, `unexpected data: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }

  // -------------------------------------------------------------------------------------------
  // Orders and after-sales (the order detail page's buttons)

  /** An order as the admin sees it: status, payment, its goods lines. */
  async orderDetail(orderId: number): Promise<AdminOrderDetail> {
    return this.actionData("shop/order/getOrderDetail", { order_id: orderId }, OrderDetailSchema);
  }

  /** "发货": ships every line not yet shipped by express, with a tracking number (the delivery dialog). */
  async shipByExpress(orderId: number, shipment: { expressCompanyId: number; deliveryNo: string }): Promise<void> {
    const order = await this.orderDetail(orderId);
    const lines = order.order_goods.map((line) => line.order_goods_id);
    await this.action("shop/order/delivery", {
      type: "manual",
      delivery_type: 1,
      express_company_id: shipment.expressCompanyId,
      delivery_no: shipment.deliveryNo,
      order_id: orderId,
      order_goods_ids: lines.join(","),
      template_id: 0,
    });
  }

  /** "线下支付": the admin marks an unpaid order as paid offline. */
  async markPaidOffline(orderId: number): Promise<void> {
    await this.action("shop/order/offlinePay", { order_id: orderId });
  }

  /**
   * Confirms ("审核通过") the offline transfer a member submitted for `outTradeNo` (offlinepay addon),
   * and reads the list again until it says so, as the seller sees the row change. Two approvals at
   * the same moment can deadlock in MariaDB inside the order's after-payment job, which catches the
   * error: the whole approval is rolled back, yet `auditPass` answers success (observed; the
   * conformance suite's two projects approve side by side). Such a row is still waiting: approve it again.
   */
  async confirmOfflinePayment(outTradeNo: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const submitted = await this.offlinePayment(outTradeNo);
      if (submitted.status === OFFLINE_AUDIT_PASS) return;
      if (submitted.status !== OFFLINE_WAIT_AUDIT || attempt > 3) {
        throw new AdminError("offlinepay/shop/pay/auditPass", submitted, `the transfer for ${outTradeNo} is in review state ${submitted.status}, not passed`);
      }
      await this.action("offlinepay/shop/pay/auditPass", { id: submitted.id });
    }
  }

  /** The offline transfer submitted for `outTradeNo`, as the admin's review list shows it. */
  private async offlinePayment(outTradeNo: string) {
    const page = await this.actionData("offlinepay/shop/pay/lists", { out_trade_no: outTradeNo, status: "all", page: 1, page_size: 10 }, OfflinePaySchema);
    const submitted = page.list.find((row) => row.out_trade_no === outTradeNo);
    if (!submitted) throw new AdminError("offlinepay/shop/pay/lists", page, `no offline payment submitted for ${outTradeNo}`);
    return submitted;
  }

  /** "同意" a refund request of one order line. */
  async agreeRefund(orderGoodsId: number): Promise<void> {
    await this.action("shop/orderrefund/agree", { order_goods_id: orderGoodsId });
  }

  /** "拒绝" a refund request of one order line, with the reason the member sees. */
  async refuseRefund(orderGoodsId: number, reason: string): Promise<void> {
    await this.action("shop/orderrefund/refuse", { order_goods_id: orderGoodsId, refund_refuse_reason: reason });
  }

  /** "转账": finishes an agreed refund, paying `amount` back the way it was paid (refund_money_type 1). */
  async completeRefund(orderGoodsId: number, amount: number, remark = ""): Promise<void> {
    await this.action("shop/orderrefund/complete", {
      order_goods_id: orderGoodsId,
      refund_money_type: 1,
      refund_real_money: amount.toFixed(2),
      shop_refund_remark: remark,
      is_deposit_back: 1,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Members (the member list and its adjust dialogs)

  /** A member's balance, withdrawable balance and points, from the admin's member list. */
  async memberAccount(username: string): Promise<AdminMemberAccount> {
    const page = await this.actionData(
      "shop/member/memberList",
      { search_text: username, search_text_type: "username", page: 1, page_size: 10 },
      MemberPageSchema,
    );
    const row = page.list.find((member) => member.username === username);
    if (!row) throw new AdminError("shop/member/memberList", page, `no member ${username}`);
    return { memberId: row.member_id, username: row.username, balance: row.balance, balanceMoney: row.balance_money, point: row.point };
  }

  /** "调整余额": adds (or with a negative amount, takes) balance, in yuan. */
  async adjustBalance(memberId: number, amount: number, remark = "测试调整"): Promise<void> {
    await this.action("shop/member/adjustBalance", { member_id: memberId, adjust_num: amount, remark });
  }

  /** "调整积分". */
  async adjustPoint(memberId: number, points: number, remark = "测试调整"): Promise<void> {
    await this.action("shop/member/adjustPoint", { member_id: memberId, adjust_num: points, remark });
  }

  /** "验证码设置": the admin login, member login and member registration captchas. */
  async setCaptchas(captchas: { adminLogin: boolean; memberLogin: boolean; memberRegister: boolean }): Promise<void> {
    await this.action("shop/config/captcha", {
      shop_login: captchas.adminLogin ? 1 : 0,
      shop_reception_login: captchas.memberLogin ? 1 : 0,
      shop_reception_register: captchas.memberRegister ? 1 : 0,
    });
  }
}
