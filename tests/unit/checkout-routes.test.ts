import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { commitToken } from "~/session/session.server";
import { newRequestScope } from "~/utils/request-scope.server";
import { action as payAction, loader as payLoader } from "~/routes/_main.pay/route";
import { action as paymentAction, loader as paymentLoader } from "~/routes/_main.payment/route";
import { loader as resultLoader } from "~/routes/_main.result/route";
import { pointBffAt } from "../support/bff-environment";
import { envelope, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";
import { loadSample } from "../support/shape";

/**
 * The checkout routes' loaders and actions called directly against a fake upstream, for the
 * faults the reference shop API cannot be asked for: a `create` that never answers, refusals of
 * every kind, another member's payment, a gateway URL that points off-site.
 */

let upstream: FakeUpstream;
let restore = () => {};
let memberCookie = "";

beforeAll(async () => {
  upstream = await startFakeUpstream();
  restore = pointBffAt(upstream.url, { UPSTREAM_TIMEOUT_MS: "300" });
  memberCookie = (await commitToken(new Request("http://shop.test/login"), {}, "member-token", { newSignIn: true })).split(";")[0];
});

afterAll(async () => {
  await upstream.close();
  restore();
});

const PAYMENT = loadSample("api_ordercreate_payment").data as Record<string, unknown>;
const CALCULATE = loadSample("api_ordercreate_calculate").data as Record<string, unknown>;
const PAY_INFO = loadSample("api_pay_info").data as Record<string, unknown>;
const ORDER_DETAIL = loadSample("api_order_detail").data as Record<string, unknown>;
const MEMBER = { member_id: 1, username: "demo_user", nickname: "demo_user", mobile: "", balance: "0.00", balance_money: "0.00" };

beforeEach(() => {
  upstream.reset();
  upstream.on("/api/ordercreate/payment", { body: envelope(0, "操作成功", PAYMENT) });
  upstream.on("/api/ordercreate/calculate", { body: envelope(0, "操作成功", CALCULATE) });
  upstream.on("/api/ordercreate/getcouponlist", { body: envelope(0, "操作成功", []) });
  upstream.on("/api/pay/getBalanceConfig", { body: envelope(0, "操作成功", { balance_show: 1 }) });
  upstream.on("/api/member/info", { body: envelope(0, "操作成功", MEMBER) });
  upstream.on("/api/pay/info", { body: envelope(0, "操作成功", PAY_INFO) });
  upstream.on("/api/pay/type", { body: envelope(0, "操作成功", { pay_type: "alipay,balance" }) });
});

function request(path: string, form?: Record<string, string>) {
  const headers = new Headers({ Cookie: memberCookie });
  if (!form) return new Request(`http://shop.test${path}`, { headers });
  return new Request(`http://shop.test${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

const CREATE = { intent: "create", cart_ids: "1,2", order_key: "20261122761274370068480", delivery: "express" };
const submit = (form: Record<string, string>) =>
  paymentAction({ request: request("/payment?cart_ids=1,2", form), params: {}, context: {} }) as Promise<
    Response | { data: unknown; init: ResponseInit | null }
  >;

/** Remix `data()` results: { type: "DataWithResponseInit", data, init }. */
function unwrap(result: unknown): { status: number; data: Record<string, unknown> } {
  const value = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: value.init?.status ?? 200, data: value.data };
}

/** The checkout's refusal (conform's result): each field's one message, and what is given back to the form. */
function fieldErrorsOf(data: Record<string, unknown>): Record<string, string> {
  const { error } = data.result as { error?: Record<string, string[] | null> };
  return Object.fromEntries(Object.entries(error ?? {}).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]]] : [])));
}
function valuesOf(data: Record<string, unknown>): Record<string, unknown> {
  return (data.result as { initialValue: Record<string, unknown> }).initialValue;
}

describe("/payment", () => {
  test("the upstream's totals and address are shown; nothing is computed here", async () => {
    const { status, data } = unwrap(await paymentLoader({ request: request("/payment?cart_ids=1,2"), params: {}, context: {} }));
    expect(status).toBe(200);
    expect(data).toMatchObject({ state: "ready", orderKey: "20261122761274370068480", couponId: 0, totals: { goods: "6057.7", payable: "6057.7", count: 5 } });
    expect(data.address).toMatchObject({ name: "张三", mobile: "13800138000" });
  });

  test("nothing to buy: a 409 page with the upstream's message, not an error", async () => {
    upstream.on("/api/ordercreate/payment", { body: envelope(-1, "缺少必填参数商品数据", "") });
    const { status, data } = unwrap(await paymentLoader({ request: request("/payment?cart_ids=1,2"), params: {}, context: {} }));
    expect(status).toBe(409);
    expect(data).toEqual({
      state: "refused",
      message: "upstream:缺少必填参数商品数据",
      path: "/payment",
      back: { href: "/cart", label: "payment.backToCart" },
    });
  });

  test("a coupon the upstream refuses outright: calculated again without it, the refusal beside the coupon", async () => {
    upstream.on("/api/ordercreate/calculate", (body) => {
      const coupon = typeof body.coupon === "string" ? (JSON.parse(body.coupon) as { coupon_id: number }).coupon_id : undefined;
      return { body: coupon ? envelope(-1, "优惠券不可用！") : envelope(0, "操作成功", CALCULATE) };
    });
    const { status, data } = unwrap(await paymentLoader({ request: request("/payment?cart_ids=1,2&coupon_id=77"), params: {}, context: {} }));
    expect(status).toBe(200);
    expect(data.refusals).toEqual([{ section: "coupon", message: "upstream:优惠券不可用！" }]);
    expect(data.totals).toMatchObject({ payable: "6057.7" });
  });

  test("create answers the serial → /pay", async () => {
    upstream.on("/api/ordercreate/create", { body: envelope(0, "操作成功", "1795317200781411000") });
    const response = (await submit(CREATE)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/pay?out_trade_no=1795317200781411000");
  });

  test("a used or expired key → back to /payment with the choices and a message", async () => {
    upstream.on("/api/ordercreate/create", { body: envelope(-1, "订单已过期") });
    const response = (await submit({ ...CREATE, delivery: "store", store_id: "2" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/payment?cart_ids=1%2C2&delivery=store&store_id=2");
    expect(response.headers.get("Set-Cookie")).toContain("toast");
  });

  test("create times out: a 504 with a message that points to the orders, never a 500", async () => {
    upstream.on("/api/ordercreate/create", { delayMs: 1_000, body: envelope(0, "操作成功", "1") });
    const { status, data } = unwrap(await submit(CREATE));
    expect(status).toBe(504);
    expect(data.formError).toEqual({ section: "general", message: "checkout:errors.createUnknown" });
  });

  test("a refusal at create is shown beside its part, with what was typed", async () => {
    upstream.on("/api/ordercreate/create", { body: envelope(-1, "商品库存不足") });
    const { status, data } = unwrap(await submit({ ...CREATE, buyer_message: "周末送" }));
    expect(status).toBe(409);
    expect(data.formError).toEqual({ section: "goods", message: "upstream:商品库存不足" });
    expect(valuesOf(data)).toMatchObject({ buyer_message: "周末送" });
  });

  describe("balance: the pay password is checked before create (the upstream's create spends it unchecked)", () => {
    const paths = () => upstream.requests.map((call) => call.path);
    const bodyOf = (path: string) => upstream.requests.find((call) => call.path === path)?.body as Record<string, unknown> | undefined;
    const BALANCE = { ...CREATE, use_balance: "1", buyer_message: "周末送" };

    test("right: checkpaypassword first, then create with it (as the PC)", async () => {
      upstream.on("/api/member/checkpaypassword", { body: envelope(0, "操作成功", 1) });
      upstream.on("/api/ordercreate/create", { body: envelope(0, "操作成功", "1795317200781411000") });
      const response = (await submit({ ...BALANCE, pay_password: "123456" })) as Response;
      expect(response.status).toBe(303);
      expect(paths().filter((path) => path === "/api/member/checkpaypassword" || path === "/api/ordercreate/create")).toEqual([
        "/api/member/checkpaypassword",
        "/api/ordercreate/create",
      ]);
      expect(bodyOf("/api/member/checkpaypassword")).toMatchObject({ pay_password: "123456", token: "member-token" });
      expect(bodyOf("/api/ordercreate/create")).toMatchObject({ is_balance: 1, pay_password: "123456" });
    });

    test("wrong (-10071): 400 beside the field, no order, the choices kept and the password not echoed", async () => {
      upstream.on("/api/member/checkpaypassword", { body: envelope(-10071, "支付密码错误", "") });
      const { status, data } = unwrap(await submit({ ...BALANCE, pay_password: "000000" }));
      expect(status).toBe(400);
      expect(fieldErrorsOf(data)).toEqual({ pay_password: "checkout:errors.payPasswordWrong" });
      expect(valuesOf(data)).toMatchObject({ use_balance: "1", buyer_message: "周末送" });
      expect(valuesOf(data)).not.toHaveProperty("pay_password");
      expect(paths()).not.toContain("/api/ordercreate/create");
    });

    test("none typed by a member who has one: asked for it, nothing created", async () => {
      upstream.on("/api/member/issetpayaassword", { body: envelope(0, "操作成功", 1) });
      const { status, data } = unwrap(await submit(BALANCE));
      expect(status).toBe(400);
      expect(fieldErrorsOf(data)).toEqual({ pay_password: "checkout:errors.payPasswordRequired" });
      expect(paths()).not.toContain("/api/ordercreate/create");
      expect(paths()).not.toContain("/api/member/checkpaypassword");
    });

    test("none typed by a member who has none: created, as upstream lets them", async () => {
      upstream.on("/api/member/issetpayaassword", { body: envelope(0, "操作成功", 0) });
      upstream.on("/api/ordercreate/create", { body: envelope(0, "操作成功", "1795317200781411000") });
      const response = (await submit(BALANCE)) as Response;
      expect(response.status).toBe(303);
      expect(bodyOf("/api/ordercreate/create")).not.toHaveProperty("pay_password");
    });

    test("no balance used: no password asked", async () => {
      upstream.on("/api/ordercreate/create", { body: envelope(0, "操作成功", "1795317200781411000") });
      expect(((await submit(CREATE)) as Response).status).toBe(303);
      expect(paths().filter((path) => path.startsWith("/api/member/"))).toEqual([]);
    });

    /** A member signed in with `token` (the fake upstream's member/info names `memberId` for it), guessing from `address`. */
    async function guesser(token: string, memberId: number, address?: string) {
      const cookie = (await commitToken(new Request("http://shop.test/login"), {}, token, { newSignIn: true })).split(";")[0];
      members.set(token, memberId);
      return async (password: string) => {
        const headers = new Headers({ Cookie: cookie });
        const body = new URLSearchParams({ ...BALANCE, pay_password: password });
        return await paymentAction({
          request: new Request("http://shop.test/payment?cart_ids=1,2", { method: "POST", headers, body }),
          params: {},
          context: address ? { scope: newRequestScope(address) } : {},
        });
      };
    }
    const members = new Map<string, number>();
    const answerMembers = () => {
      upstream.on("/api/member/info", (body) => ({ body: envelope(0, "操作成功", { ...MEMBER, member_id: members.get(String(body.token)) ?? 1 }) }));
      upstream.on("/api/ordercreate/create", { body: envelope(0, "操作成功", "1795317200781411000") });
    };
    const wrongPasswords = () => upstream.on("/api/member/checkpaypassword", { body: envelope(-10071, "支付密码错误", "") });
    const fieldError = (result: unknown) => fieldErrorsOf(unwrap(result).data).pay_password;

    test("five wrong passwords of a member: the sixth is not even tried, from a new sign-in neither", async () => {
      answerMembers();
      wrongPasswords();
      const guess = await guesser("guessing-token", 41);
      for (let attempt = 0; attempt < 5; attempt++) expect(fieldError(await guess(`00000${attempt}`))).toBe("checkout:errors.payPasswordWrong");
      upstream.on("/api/member/checkpaypassword", { body: envelope(0, "操作成功", 1) });
      // The same member signs in again: a new token, the same count.
      const lockedResult = await (await guesser("guessing-token-2", 41))("123456");
      const locked = unwrap(lockedResult);
      expect(locked.status).toBe(429);
      expect(Number(new Headers((lockedResult as { init: ResponseInit }).init.headers).get("Retry-After"))).toBeGreaterThan(800);
      expect(fieldError(lockedResult)).toMatch(/^checkout:errors\.payPasswordLocked\|minutes=1[45]$/);
      expect(valuesOf(locked.data)).toMatchObject({ buyer_message: "周末送" }); // what was typed is kept, never the password
      expect(valuesOf(locked.data)).not.toHaveProperty("pay_password");
      expect(paths().filter((path) => path === "/api/member/checkpaypassword")).toHaveLength(5);
      expect(paths()).not.toContain("/api/ordercreate/create");
      // Another member is not locked by it.
      expect(((await (await guesser("other-token", 42))("123456")) as Response).status).toBe(303);
    });

    test("thirty wrong passwords from one client address lock every member there, not members elsewhere", async () => {
      answerMembers();
      wrongPasswords();
      for (let member = 0; member < 10; member++) {
        const guess = await guesser(`office-${member}`, 60 + member, "10.30.0.1");
        for (let attempt = 0; attempt < 3; attempt++) expect(fieldError(await guess(`1${member}${attempt}000`))).toBe("checkout:errors.payPasswordWrong");
      }
      upstream.on("/api/member/checkpaypassword", { body: envelope(0, "操作成功", 1) });
      const fresh = await guesser("office-fresh", 70, "10.30.0.1");
      expect(unwrap(await fresh("123456")).status).toBe(429);
      expect(((await (await guesser("elsewhere", 71, "10.30.0.2"))("123456")) as Response).status).toBe(303);
    });

    test("/pay counts against the same member", async () => {
      answerMembers();
      wrongPasswords();
      const guess = await guesser("pay-page-token", 43);
      upstream.on("/api/pay/info", { body: envelope(0, "操作成功", { ...PAY_INFO, member_id: 43 }) });
      for (let attempt = 0; attempt < 5; attempt++) expect(fieldError(await guess(`00000${attempt}`))).toBe("checkout:errors.payPasswordWrong");
      const cookie = (await commitToken(new Request("http://shop.test/login"), {}, "pay-page-token", { newSignIn: true })).split(";")[0];
      const body = new URLSearchParams({ intent: "balance", out_trade_no: "1795317200781411000", pay_password: "123456" });
      const result = unwrap(
        await payAction({ request: new Request("http://shop.test/pay", { method: "POST", headers: { Cookie: cookie }, body }), params: {}, context: {} }),
      );
      expect(result.status).toBe(429);
      expect(result.data).toMatchObject({
        form: "balance",
        result: { error: { pay_password: [expect.stringMatching(/^checkout:errors\.payPasswordLocked/)] } },
      });
      expect(paths()).not.toContain("/api/pay/pay");
    });
  });

  test("forged fields: 400 with translated keys, and create is never called", async () => {
    const { status, data } = unwrap(await submit({ ...CREATE, order_key: "<x>", buyer_message: "x".repeat(100_000) }));
    expect(status).toBe(400);
    expect(Object.values(fieldErrorsOf(data))).toEqual(expect.arrayContaining(["checkout:errors.badRequest", "checkout:errors.messageLong"]));
    expect(fieldErrorsOf(data)).toMatchObject({ order_key: "checkout:errors.badRequest", buyer_message: "checkout:errors.messageLong" });
    // Given back to the form, but never an oversized field in full.
    expect(valuesOf(data).buyer_message).toHaveLength(200);
    expect(upstream.requests.some((call) => call.path === "/api/ordercreate/create")).toBe(false);
  });
});

describe("/payment: an order_key another member's checkout took over (5.5.2 names keys after the millisecond)", () => {
  const OTHER_MEMBERS = { ...CALCULATE, member_id: 2, order_key: "K1" };

  test("the key whose order is another member's is dropped: a new checkout is started and its own key is the page's", async () => {
    let started = 0;
    upstream.on("/api/ordercreate/payment", () => ({ body: envelope(0, "操作成功", { ...PAYMENT, member_id: 1, order_key: `K${++started}` }) }));
    upstream.on("/api/ordercreate/calculate", (body) =>
      body.order_key === "K1"
        ? { body: envelope(0, "操作成功", OTHER_MEMBERS) }
        : { body: envelope(0, "操作成功", { ...CALCULATE, member_id: 1, order_key: body.order_key }) },
    );
    const { status, data } = unwrap(await paymentLoader({ request: request("/payment?cart_ids=1,2"), params: {}, context: {} }));
    expect(status).toBe(200);
    expect(data).toMatchObject({ state: "ready", orderKey: "K2" });
    expect(started).toBe(2);
  });

  test("taken over every time: a 502 error page, never another member's order on the page", async () => {
    upstream.on("/api/ordercreate/payment", { body: envelope(0, "操作成功", { ...PAYMENT, member_id: 1, order_key: "K1" }) });
    upstream.on("/api/ordercreate/calculate", { body: envelope(0, "操作成功", OTHER_MEMBERS) });
    const thrown = await Promise.resolve(paymentLoader({ request: request("/payment?cart_ids=1,2"), params: {}, context: {} })).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(502);
    expect(upstream.requests.filter((call) => call.path === "/api/ordercreate/payment")).toHaveLength(3);
  });
});

describe("/payment: local delivery is not offered (docs/upstream-conformance.md D6)", () => {
  const LOCAL = { title: "同城配送", name: "local", store_list: [{ store_id: 3, store_name: "城东店" }] };
  const withTypes = (types: unknown[]) => ({ ...PAYMENT, delivery: { ...(PAYMENT.delivery as object), express_type: types } });
  const calculatedDelivery = () =>
    upstream.requests
      .filter((call) => call.path === "/api/ordercreate/calculate")
      .map((call) => JSON.parse(String((call.body as Record<string, unknown>).delivery)).delivery_type);

  test("listed first by the shop, or asked for in the URL: dropped, the next type is chosen and calculated", async () => {
    upstream.on("/api/ordercreate/payment", { body: envelope(0, "操作成功", withTypes([LOCAL, { title: "快递发货", name: "express" }])) });
    const { status, data } = unwrap(await paymentLoader({ request: request("/payment?cart_ids=1,2&delivery=local"), params: {}, context: {} }));
    expect(status).toBe(200);
    expect(data.deliveryTypes).toEqual([{ name: "express", title: "common:coded.deliveryType.express", stores: [] }]);
    expect(data.delivery).toEqual({ name: "express", storeId: null });
    expect(calculatedDelivery()).toEqual(["express"]);
  });

  test("a shop with local delivery only: a 409 page that says so, with the way back; nothing is calculated", async () => {
    upstream.on("/api/ordercreate/payment", { body: envelope(0, "操作成功", withTypes([LOCAL])) });
    const { status, data } = unwrap(await paymentLoader({ request: request("/payment?cart_ids=1,2"), params: {}, context: {} }));
    expect(status).toBe(409);
    expect(data).toEqual({
      state: "refused",
      message: "checkout:errors.localDeliveryOnly",
      path: "/payment",
      back: { href: "/cart", label: "payment.backToCart" },
    });
    expect(calculatedDelivery()).toEqual([]);
  });

  test("a forged local choice at submit: 400, create is never called", async () => {
    const { status, data } = unwrap(await submit({ ...CREATE, delivery: "local", store_id: "3" }));
    expect(status).toBe(400);
    expect(fieldErrorsOf(data)).toEqual({ delivery: "checkout:errors.badRequest" });
    expect(upstream.requests.some((call) => call.path === "/api/ordercreate/create")).toBe(false);
  });
});

describe("/payment: a virtual order asks for a mobile (docs/upstream-conformance.md D14)", () => {
  const VIRTUAL = {
    ...PAYMENT,
    is_virtual: 1,
    delivery: { ...(PAYMENT.delivery as object), express_type: [] },
    member_account: { ...(PAYMENT.member_account as object), mobile: "13900001111" },
  };
  const sentAddress = (path: string) =>
    upstream.requests.filter((call) => call.path === path).map((call) => (call.body as Record<string, unknown>).member_address);

  test("prefilled with the member's mobile, which calculate gets as member_address; a typed one replaces it", async () => {
    upstream.on("/api/ordercreate/payment", { body: envelope(0, "操作成功", VIRTUAL) });
    const { data } = unwrap(await paymentLoader({ request: request("/payment?sku_id=5&num=1"), params: {}, context: {} }));
    expect(data).toMatchObject({ isVirtual: true, mobile: "13900001111" });
    expect(sentAddress("/api/ordercreate/calculate")).toEqual([JSON.stringify({ mobile: "13900001111" })]);
    const typed = unwrap(await paymentLoader({ request: request("/payment?sku_id=5&num=1&mobile=13722223333"), params: {}, context: {} }));
    expect(typed.data.mobile).toBe("13722223333");
    expect(sentAddress("/api/ordercreate/calculate").at(-1)).toBe(JSON.stringify({ mobile: "13722223333" }));
  });

  test("submit: a missing or malformed mobile is a 400 beside the field with what was typed; a good one goes to create", async () => {
    const VIRTUAL_CREATE = { intent: "create", sku_id: "5", num: "1", order_key: "20261122761274370068480", virtual: "1" };
    const post = (form: Record<string, string>) => paymentAction({ request: request("/payment?sku_id=5&num=1", form), params: {}, context: {} });
    const missing = unwrap(await post({ ...VIRTUAL_CREATE, mobile: " ", buyer_message: "请尽快" }));
    expect(missing.status).toBe(400);
    expect(fieldErrorsOf(missing.data)).toEqual({ mobile: "checkout:errors.mobileMissing" });
    expect(valuesOf(missing.data)).toMatchObject({ buyer_message: "请尽快" });
    const malformed = unwrap(await post({ ...VIRTUAL_CREATE, mobile: "12345" }));
    expect(malformed.status).toBe(400);
    expect(fieldErrorsOf(malformed.data)).toEqual({ mobile: "checkout:errors.mobileInvalid" });
    expect(valuesOf(malformed.data)).toMatchObject({ mobile: "12345" });
    expect(sentAddress("/api/ordercreate/create")).toEqual([]);

    upstream.on("/api/ordercreate/create", { body: envelope(0, "操作成功", "1795317200781411000") });
    const created = (await post({ ...VIRTUAL_CREATE, mobile: "13722223333" })) as Response;
    expect(created.headers.get("Location")).toBe("/pay?out_trade_no=1795317200781411000");
    expect(sentAddress("/api/ordercreate/create")).toEqual([JSON.stringify({ mobile: "13722223333" })]);
  });
});

describe("/pay and /result", () => {
  test("another member's serial is a 404", async () => {
    upstream.on("/api/member/info", { body: envelope(0, "操作成功", { ...MEMBER, member_id: 2 }) });
    await expect(payLoader({ request: request("/pay?out_trade_no=1795317200781411000"), params: {}, context: {} })).rejects.toMatchObject({ status: 404 });
    await expect(resultLoader({ request: request("/result?out_trade_no=1795317200781411000"), params: {}, context: {} })).rejects.toMatchObject({
      status: 404,
    });
  });

  test("an unknown serial ([] upstream) is a 404", async () => {
    upstream.on("/api/pay/info", { body: envelope(0, "操作成功", []) });
    await expect(payLoader({ request: request("/pay?out_trade_no=1"), params: {}, context: {} })).rejects.toMatchObject({ status: 404 });
  });

  test("/pay?order_id= asks for a serial only for the member's own order: another's is a 404 and order/pay is never called", async () => {
    upstream.on("/api/order/detail", { body: envelope(-1, "当前订单不是本账号的订单！", []) });
    upstream.on("/api/order/pay", { body: envelope(0, "操作成功", "1795317200781411999") });
    await expect(payLoader({ request: request("/pay?order_id=7"), params: {}, context: {} })).rejects.toMatchObject({ status: 404 });
    expect(upstream.requests.map((call) => call.path)).not.toContain("/api/order/pay");

    upstream.on("/api/order/detail", { body: envelope(0, "操作成功", ORDER_DETAIL) });
    const own = await payLoader({ request: request("/pay?order_id=7"), params: {}, context: {} }).catch((thrown: unknown) => thrown);
    expect(own).toBeInstanceOf(Response);
    expect((own as Response).headers.get("Location")).toBe("/pay?out_trade_no=1795317200781411999");
    expect(upstream.requests.filter((call) => call.path === "/api/order/pay").map((call) => (call.body as Record<string, unknown>).order_ids)).toEqual([7]);
  });

  test("a gateway URL off the upstream's origin is not followed", async () => {
    upstream.on("/api/pay/pay", { body: envelope(0, "操作成功", { type: "url", data: "https://evil.example/pay" }) });
    const result = unwrap(
      await payAction({ request: request("/pay", { intent: "online", out_trade_no: "1795317200781411000", pay_type: "alipay" }), params: {}, context: {} }),
    );
    expect(result.status).toBe(502);
    expect(result.data).toMatchObject({ form: "online", result: { status: "error", error: { "": ["checkout:errors.payFailed"] } } });
    expect(result.data.gateway).toBeUndefined();
  });

  test("the simulator's URL (the upstream's origin) is handed to the page", async () => {
    const gateway = `${upstream.url}/simulator/pay?out_trade_no=1`;
    upstream.on("/api/pay/pay", { body: envelope(0, "操作成功", { type: "url", data: gateway }) });
    const result = unwrap(
      await payAction({ request: request("/pay", { intent: "online", out_trade_no: "1795317200781411000", pay_type: "alipay" }), params: {}, context: {} }),
    );
    expect(result.data).toMatchObject({ form: "online", gateway, result: { status: "success" } });
  });

  test("balance: a wrong pay password (checkpaypassword) is a 400 beside the field, and pay is never called", async () => {
    upstream.on("/api/member/checkpaypassword", { body: envelope(-10071, "支付密码错误", "") });
    const result = unwrap(
      await payAction({ request: request("/pay", { intent: "balance", out_trade_no: "1795317200781411000", pay_password: "1" }), params: {}, context: {} }),
    );
    expect(result.status).toBe(400);
    // Beside the field, and the password is never echoed back.
    expect(result.data).toMatchObject({ form: "balance", result: { error: { pay_password: ["checkout:errors.payPasswordWrong"] } } });
    expect((result.data.result as { initialValue: Record<string, unknown> }).initialValue).not.toHaveProperty("pay_password");
    expect(upstream.requests.map((call) => call.path)).not.toContain("/api/pay/pay");
  });

  test("balance: the right pay password, then pay → /result", async () => {
    upstream.on("/api/member/checkpaypassword", { body: envelope(0, "操作成功", 1) });
    upstream.on("/api/pay/pay", { body: envelope(0, "操作成功", { pay_success: 1 }) });
    const response = (await payAction({
      request: request("/pay", { intent: "balance", out_trade_no: "1795317200781411000", pay_password: "123456" }),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/result?out_trade_no=1795317200781411000");
  });
});
