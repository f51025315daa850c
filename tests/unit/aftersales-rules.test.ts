import { describe, expect, test } from "vitest";
import { imagePaths, mayComplain, refundButtons, refundSteps, reviewProblem } from "~/domain/aftersales";
import { activistAmount } from "~/domain/aftersales-money";
import { EvaluateIntentSchema } from "~/routes/_main.evaluate/schema";
import { RefundIntentSchema, RefundQuerySchema } from "~/routes/_main.member.refund/schema";

describe("refund buttons come from refund_action[] (key event)", () => {
  test("each event maps to its button; nothing else is inferred", () => {
    expect(refundButtons([])).toEqual({ apply: false, cancel: false, delivery: false, askAgain: false });
    expect(refundButtons([{ event: "orderRefundCancel" }])).toEqual({ apply: false, cancel: true, delivery: false, askAgain: false });
    expect(refundButtons([{ event: "orderRefundCancel" }, { event: "orderRefundAsk" }])).toMatchObject({ cancel: true, askAgain: true });
    expect(refundButtons([{ event: "orderRefundDelivery" }]).delivery).toBe(true);
    expect(refundButtons([{ event: "orderRefundApply" }]).apply).toBe(true);
    expect(refundButtons([{ event: "somethingNew" }])).toEqual({ apply: false, cancel: false, delivery: false, askAgain: false });
  });

  test("complaints after a refusal or an ended refund only; timeline steps by type", () => {
    expect([-1, 3].map(mayComplain)).toEqual([true, true]);
    expect([0, 1, 2, 4, 5, 6, -3].some(mayComplain)).toBe(false);
    expect(refundSteps(1)).toEqual([1, 2, 3]);
    expect(refundSteps(2)).toEqual([1, 4, 5, 6, 3]);
  });
});

describe("after-sales list amount and label (§5.2)", () => {
  const item = { refund_real_money: "8.00", refund_apply_money: "10.00", shop_active_refund_money: "1.50" };
  test("refunded: real + shop active; otherwise applied + shop active", () => {
    expect(activistAmount({ ...item, refund_status: 3 })).toEqual({ cents: 950, label: "refunded" });
    expect(activistAmount({ ...item, refund_status: 1 })).toEqual({ cents: 1150, label: "refunding" });
    expect(activistAmount({ ...item, refund_status: -1 })).toEqual({ cents: 1150, label: "refunding" });
  });
});

describe("evaluation validation", () => {
  const ok = { scores: 5, content: "很好", images: [] };
  test("content required and bounded; stars 1–5 for the first review only; at most 6 images", () => {
    expect(reviewProblem(ok, true)).toBeNull();
    expect(reviewProblem({ ...ok, content: "   " }, true)).toBe("aftersales:errors.reviewEmpty");
    expect(reviewProblem({ ...ok, content: "字".repeat(501) }, true)).toBe("aftersales:errors.reviewLong|max=500");
    expect(reviewProblem({ ...ok, scores: null }, true)).toBe("aftersales:errors.starsMissing");
    expect(reviewProblem({ ...ok, scores: 6 }, true)).toBe("aftersales:errors.starsMissing");
    expect(reviewProblem({ ...ok, scores: null }, false)).toBeNull();
    expect(reviewProblem({ ...ok, images: Array.from({ length: 7 }, (_, i) => `upload/evaluate/${i}.png`) }, true)).toBe(
      "aftersales:errors.tooManyImages|max=6",
    );
  });

  test("hidden image lists: upload paths only, de-duplicated, bounded", () => {
    expect(imagePaths("upload/a/1.png, upload/a/2.png,upload/a/1.png", 6)).toEqual(["upload/a/1.png", "upload/a/2.png"]);
    expect(imagePaths("", 6)).toEqual([]);
    expect(imagePaths(null, 6)).toEqual([]);
    expect(imagePaths("https://evil.example/x.png", 6)).toBeNull();
    expect(imagePaths("upload/../secret", 6)).toBeNull();
    expect(imagePaths("upload/a/1.png,upload/a/2.png", 1)).toBeNull();
  });
});

describe("form intents and queries", () => {
  test("evaluate: submit, upload of a line's file, removal of a line's image; anything else refused", () => {
    expect(EvaluateIntentSchema.parse("submit")).toEqual({ kind: "submit" });
    expect(EvaluateIntentSchema.parse("upload:file_12")).toEqual({ kind: "upload", line: "12" });
    expect(EvaluateIntentSchema.parse("remove:images_12:upload/evaluate/x.png")).toEqual({ kind: "remove", line: "12", path: "upload/evaluate/x.png" });
    expect(EvaluateIntentSchema.safeParse("delete-all").success).toBe(false);
    expect(EvaluateIntentSchema.safeParse(null).success).toBe(false);
  });

  test("refund: one line or a batch of one order's lines", () => {
    expect(RefundQuerySchema.parse({ order_goods_id: "7", order_id: "3" })).toEqual({ orderId: 3, ids: [7], batch: false });
    expect(RefundQuerySchema.parse({ order_id: "3", order_goods_ids: "7,8,7" })).toEqual({ orderId: 3, ids: [7, 8], batch: true });
    expect(RefundQuerySchema.safeParse({ order_id: "3", order_goods_ids: "7,x" }).success).toBe(false);
    // The order is how the lines are checked to be the member's: without it there is no page.
    expect(RefundQuerySchema.safeParse({ order_goods_id: "7" }).success).toBe(false);
    expect(RefundQuerySchema.safeParse({}).success).toBe(false);
    expect(RefundIntentSchema.parse("remove:refund_images:upload/refund/a.png")).toEqual({ kind: "remove", path: "upload/refund/a.png" });
    expect(RefundIntentSchema.parse("upload:refund_file")).toEqual({ kind: "upload" });
  });
});
