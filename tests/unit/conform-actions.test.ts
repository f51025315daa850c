import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { commitToken } from "~/session/session.server";
import { action as wechatLoginAction } from "~/routes/_auth.login_.wechat/route";
import { action as chatAction } from "~/routes/_main.chat";
import { action as evaluateAction } from "~/routes/_main.evaluate/route";
import { action as orderListAction } from "~/routes/_main.member.order_list/route";
import { action as pointAction } from "~/routes/_main.point.$id";
import { action as promotionAction } from "~/routes/_main.promotion.$slug/route";
import { action as verificationAction } from "~/routes/_main.member.verification/route";
import { invalidate } from "~/utils/cache.server";
import { useFakeUpstream } from "../support/bff-environment";
import { envelope } from "../support/fake-upstream";
import { loadSample } from "../support/shape";

/**
 * The form actions moved onto conform (issue 32): a refused form answers conform's result, its
 * errors at the fields (or the form, for hidden fields) as translation keys, with the same status
 * as before; nothing is sent upstream.
 */

const fake = useFakeUpstream();
let memberCookie = "";

beforeAll(async () => {
  memberCookie = (await commitToken(new Request("http://shop.test/login"), {}, "member-token", { newSignIn: true })).split(";")[0]!;
});

beforeEach(() => {
  fake.upstream.reset();
  invalidate();
});

function post(path: string, form: Record<string, string>, cookie = memberCookie) {
  return new Request(`http://shop.test${path}`, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(form) });
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const calls = (path: string) => fake.upstream.requests.filter((call) => call.path === path).length;

/** A refused submission: Remix's `data()` with conform's result. */
type Refused = { data: { result: { status?: string; error?: Record<string, string[] | null> } }; init: ResponseInit | null };

describe("/member/verification", () => {
  beforeEach(() => {
    fake.upstream.on("/api/verify/checkisverifier", { body: envelope(0, "操作成功", 1) });
  });

  test("no intent, no code or a malformed one: conform's form error, 400, nothing verified", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ verify_code: "12345678" }, "verification:errors.badRequest"],
      [{ intent: "verify" }, "verification:errors.required"],
      [{ intent: "verify", verify_code: "<script>" }, "verification:errors.invalid"],
    ];
    for (const [form, message] of cases) {
      const refused = (await verificationAction(args(post("/member/verification", form)))) as unknown as Refused;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result.error?.[""]).toEqual([message]);
    }
    expect(calls("/api/verify/verify")).toBe(0);
  });
});

describe("/login/wechat", () => {
  test("an unknown intent or an overlong redirect: conform's form error, 400, before the upstream is asked", async () => {
    for (const form of [
      { intent: "scan", redirect: "" },
      { intent: "new-code", redirect: `/${"x".repeat(2000)}` },
    ]) {
      const refused = (await wechatLoginAction(args(post("/login/wechat", form, "")))) as unknown as Refused;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result.error?.[""]).toEqual(["auth:wechat.badRequest"]);
    }
    expect(fake.upstream.requests).toHaveLength(0);
  });
});

describe("/chat", () => {
  test("an unknown intent, an empty or blank text: conform's form error, 400, nothing said", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ intent: "shout", text: "hi" }, "chat:errors.badRequest"],
      [{ intent: "say", text: "" }, "chat:errors.blank"],
      [{ intent: "say", text: "   ", island: "1" }, "chat:errors.blank"],
    ];
    for (const [form, message] of cases) {
      const refused = (await chatAction(args(post("/chat", form)))) as unknown as Refused;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result.error?.[""]).toEqual([message]);
    }
    expect(fake.upstream.requests).toHaveLength(0);
  });

  test("the island without a session: 401 with the same form error", async () => {
    const refused = (await chatAction(args(post("/chat", { intent: "say", text: "hi", island: "1" }, "")))) as unknown as Refused;
    expect(refused.init?.status).toBe(401);
    expect(refused.data.result.error?.[""]).toEqual(["chat:notLoggedIn"]);
  });
});

describe("the promotions' buy forms and the points exchange (buy.server.ts)", () => {
  test("a quantity that is not a whole number from 1 is refused at its field, a bad hidden field at the form: 400, nothing read", async () => {
    const pages: [string, Record<string, string>][] = [
      ["groupbuy-1", { intent: "buy" }],
      ["topic-goods-1", { intent: "buy" }],
      ["combo-1", { intent: "buy-now" }],
      ["seckill-1", { intent: "buy", sku_id: "1" }],
    ];
    for (const [slug, form] of pages) {
      for (const num of ["0", "1.5", "abc", ""]) {
        const refused = (await promotionAction(args(post(`/promotion/${slug}`, { ...form, num }), { slug }))) as unknown as Refused;
        expect(refused.init?.status).toBe(400);
        expect(refused.data.result.error).toEqual({ num: ["promotion:errors.badQuantity"] });
      }
      const tampered = (await promotionAction(args(post(`/promotion/${slug}`, { ...form, intent: "steal", num: "1" }), { slug }))) as unknown as Refused;
      expect(tampered.init?.status).toBe(400);
      expect(tampered.data.result.error?.[""]).toEqual(["promotion:errors.badRequest"]);
    }
    const exchange = (await pointAction(args(post("/point/5", { intent: "exchange", num: "-1" }), { id: "5" }))) as unknown as Refused;
    expect(exchange.init?.status).toBe(400);
    expect(exchange.data.result.error).toEqual({ num: ["point:errors.badQuantity"] });
    const noIntent = (await pointAction(args(post("/point/5", { num: "1" }), { id: "5" }))) as unknown as Refused;
    expect(noIntent.data.result.error?.[""]).toEqual(["point:errors.badRequest"]);
    expect(fake.upstream.requests).toHaveLength(0);
  });
});

describe("the order buttons (order-actions.server.ts)", () => {
  test("a bad intent or order id is the form's bad request (400, nothing read); a close without a reason is refused after the lookup", async () => {
    const forms: Record<string, string>[] = [{ intent: "explode", order_id: "1" }, { intent: "receive", order_id: "-1" }, { intent: "receive" }];
    for (const form of forms) {
      const refused = (await orderListAction(args(post("/member/order_list", form)))) as unknown as Refused;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result.error?.[""]).toEqual(["orders:errors.badRequest"]);
    }
    expect(calls("/api/order/detail")).toBe(0);
    fake.upstream.on("/api/order/detail", { body: envelope(0, "操作成功", loadSample("api_order_detail").data) });
    const noReason = (await orderListAction(args(post("/member/order_list", { intent: "close", order_id: "1" })))) as unknown as Refused & {
      data: { orderId?: number };
    };
    expect(noReason.init?.status).toBe(400);
    expect(noReason.data).toMatchObject({ orderId: 1, result: { error: { "": ["orders:errors.reasonRequired"] } } });
    expect(calls("/api/order/close")).toBe(0);
  });
});

describe("/evaluate", () => {
  const LINE = {
    order_goods_id: 31,
    order_id: 9,
    order_no: "20261122000009",
    site_id: 1,
    goods_id: 5,
    sku_id: 5,
    sku_name: "板蓝根颗粒",
    sku_image: "upload/goods/5/main.svg",
    price: "9.80",
    num: 1,
  };
  beforeEach(() => {
    fake.upstream.on("/api/order/evluateinfo", { body: envelope(0, "操作成功", { evaluate_status: 0, evaluate_status_name: "待评价", list: [LINE] }) });
  });
  type Answer = Refused & { data: { result: { initialValue?: Record<string, unknown> }; images: Record<string, unknown[]> } };

  test("an empty review is refused at its line's text (and the form says so), what was typed kept; a tampered image list at the form", async () => {
    const empty = (await evaluateAction(
      args(post("/evaluate?order_id=9", { intent: "submit", scores_31: "4", content_31: " ", images_31: "" })),
    )) as unknown as Answer;
    expect(empty.init?.status).toBe(400);
    expect(empty.data.result.error).toEqual({ "": ["aftersales:errors.fixLines"], content_31: ["aftersales:errors.reviewEmpty"] });
    expect(empty.data.result.initialValue).toMatchObject({ scores_31: "4", content_31: " " });
    const seven = Array.from({ length: 7 }, (_, i) => `upload/evaluate/x${i}.png`).join(",");
    const tampered = (await evaluateAction(args(post("/evaluate?order_id=9", { intent: "submit", content_31: "好", images_31: seven })))) as unknown as Answer;
    expect(tampered.init?.status).toBe(400);
    expect(tampered.data.result.error?.[""]).toEqual(["aftersales:errors.badForm"]);
    expect(calls("/api/goodsevaluate/add")).toBe(0);
  });

  test("removing an uploaded image answers the list without it (200), the text kept", async () => {
    const form = { intent: "remove:images_31:upload/evaluate/a.png", content_31: "好", images_31: "upload/evaluate/a.png,upload/evaluate/b.png" };
    const removed = (await evaluateAction(args(post("/evaluate?order_id=9", form)))) as unknown as Answer;
    expect(removed.init?.status).toBe(200);
    expect(removed.data.images["31"]).toEqual([expect.objectContaining({ path: "upload/evaluate/b.png" })]);
    expect(removed.data.result.initialValue).toMatchObject({ content_31: "好" });
  });
});
