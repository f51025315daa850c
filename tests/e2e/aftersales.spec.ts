import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { logIn, testApi, upstreamCall } from "./support";

/**
 * After-sales journeys (issue 10 items 5, 6): evaluate with an image → the goods page shows it →
 * evaluate again; refund and return with the seller (test API) → waybill → refunded → balance back;
 * cancel a refund; bad input refused with a translated message and a 4xx, nothing changed. Every
 * test owns a fresh member and orders made through the test API, with JS on and off.
 */

// A 4×4 PNG: the smallest real image for uploads.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000004000000040802000000269309290000001049444154789c6338636c0c470cc47100fb" + "1313212c5dcd230000000049454e44ae426082",
  "hex",
);

type Member = { member_id: number; username: string; password: string };
type Line = { order_goods_id: number; refund_status: number; real_goods_money: number; sku_id: number; goods_id: number };
type Order = { order_id: number; order_status: number; evaluate_status: number; delivery_money: number; order_goods: Line[] };

const SKU = 5;

async function member(page: Page, nickname?: string): Promise<Member> {
  const fresh = await testApi.createMember(nickname ? { nickname } : {});
  await logIn(page, fresh.username, fresh.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return fresh;
}

/** A paid express order of one line; shipped (seller, test API) and received (the member confirms) when asked. */
async function order(owner: Member, state: "paid" | "shipped" | "received", num = 1): Promise<Order> {
  const created = await testApi.post<{ order_id: number }>("/__test/order/create", {
    username: owner.username,
    kind: "express",
    lines: [{ sku_id: SKU, num }],
    paid: true,
  });
  if (state !== "paid") await testApi.post("/__test/order/ship", { order_id: created.order_id });
  if (state === "received") {
    const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: owner.member_id });
    await upstreamCall("/api/order/takedelivery", { order_id: created.order_id, token });
  }
  return findOrder(owner, created.order_id);
}

async function findOrder(owner: Member, orderId: number): Promise<Order> {
  const all = await testApi.get<Order[]>(`/__test/orders?username=${owner.username}`);
  return all.find((o) => o.order_id === orderId)!;
}

const refundOf = async (orderGoodsId: number) =>
  (await testApi.get<{ line: { refund_status: number; refund_apply_money: number } }>(`/__test/refund?order_goods_id=${orderGoodsId}`)).line;
const seller = (orderGoodsId: number, action: string) => testApi.post("/__test/refund/seller", { order_goods_id: orderGoodsId, action });
const cash = async (owner: Member) => {
  const account = await testApi.get<{ member: { balance: number; balance_money: number } }>(`/__test/member-account?username=${owner.username}`);
  return Math.round((account.member.balance + account.member.balance_money) * 100);
};

test("evaluate with an image → the goods page shows it under the member's name → evaluate again", async ({ page }) => {
  const nickname = `评价会员${Date.now() % 100_000}`;
  const owner = await member(page, nickname);
  const placed = await order(owner, "received");
  const words = `药品包装完好，效期新鲜 ${owner.username}`;

  await page.goto(`/evaluate?order_id=${placed.order_id}`);
  await expect(page.getByRole("heading", { name: "评价", exact: true })).toBeVisible();
  await page.getByLabel("4星").check();
  await page.getByLabel("评价内容").fill(words);
  await page.getByLabel("选择图片").setInputFiles({ name: "box.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "上传图片" }).click();
  // The typed text survives the upload (the server echoes the draft).
  await expect(page.getByRole("img", { name: "图片 1" })).toBeVisible();
  await expect(page.getByLabel("评价内容")).toHaveValue(words);
  await expect(page.getByLabel("4星")).toBeChecked();
  await page.getByRole("button", { name: "提交评价" }).click();
  await expect(page.getByRole("heading", { name: "追加评价" })).toBeVisible();
  expect((await findOrder(owner, placed.order_id)).evaluate_status).toBe(1);

  await page.goto(`/sku-${SKU}#goods-evaluations`);
  const review = page.locator(".goods-evaluation", { hasText: words });
  await expect(review).toBeVisible();
  await expect(review.locator(".goods-evaluation__stars")).toHaveText("★★★★☆");
  // The name the review was sent with (Niushop stores what the client sends, audit D13).
  await expect(review.locator(".goods-evaluation__who")).toHaveText(nickname);
  await expect(review.locator(".goods-evaluation__images img")).toHaveCount(1);

  await page.goto(`/evaluate?order_id=${placed.order_id}`);
  await expect(page.getByText(words)).toBeVisible();
  await page.getByLabel("追评内容").fill(`用了一周，效果不错 ${owner.username}`);
  await page.getByRole("button", { name: "提交追评" }).click();
  await expect(page.getByText("该订单已评价并追评")).toBeVisible();
  await page.goto(`/sku-${SKU}`);
  await expect(page.locator(".goods-evaluation", { hasText: words })).toContainText(`用了一周，效果不错 ${owner.username}`);
});

test("an empty evaluation, a non-image and a 7th image are refused with a message; nothing is saved", async ({ page }) => {
  const owner = await member(page);
  const placed = await order(owner, "received");
  const lineId = placed.order_goods[0]!.order_goods_id;
  await page.goto(`/evaluate?order_id=${placed.order_id}`);

  await page.getByRole("button", { name: "提交评价" }).click();
  await expect(page.getByText("商品的评价不能为空")).toBeVisible();

  await page.getByLabel("选择图片").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
  await page.getByRole("button", { name: "上传图片" }).click();
  await expect(page.getByText("只能上传 JPG、PNG、GIF、WebP 图片")).toBeVisible();
  await expect(page.getByRole("img", { name: "图片 1" })).toHaveCount(0);
  expect((await findOrder(owner, placed.order_id)).evaluate_status).toBe(0);

  // Statuses, as a browser without JS gets them (the page shares the session cookie).
  const post = (fields: Record<string, string>) => page.request.post(`/evaluate?order_id=${placed.order_id}`, { multipart: fields, maxRedirects: 0 });
  const empty = await post({ intent: "submit", [`scores_${lineId}`]: "5", [`content_${lineId}`]: " " });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain("商品的评价不能为空");
  const seven = Array.from({ length: 7 }, (_, i) => `upload/evaluate/20260101/x${i}.png`).join(",");
  const tooMany = await post({ intent: "submit", [`scores_${lineId}`]: "5", [`content_${lineId}`]: "好", [`images_${lineId}`]: seven });
  expect(tooMany.status()).toBe(400);
  expect(await tooMany.text()).toContain("提交的内容有误");
  expect((await findOrder(owner, placed.order_id)).evaluate_status).toBe(0);
});

test("an order not received yet cannot be evaluated: its page says why (409) and leads to the order; another member's order does not exist (404)", async ({
  page,
}) => {
  const owner = await member(page);
  const placed = await order(owner, "shipped");

  const answer = await page.goto(`/evaluate?order_id=${placed.order_id}`);
  expect(answer?.status()).toBe(409);
  await expect(page.getByTestId("evaluate-refused")).toHaveText("该订单暂不能评价：订单完成后才可以评价");
  await page.getByRole("link", { name: "返回订单详情" }).click();
  await expect(page).toHaveURL(new RegExp(`/member/order_detail\\?order_id=${placed.order_id}$`));

  // A post to it saves nothing and comes back to the page that says why.
  const lineId = placed.order_goods[0]!.order_goods_id;
  const posted = await page.request.post(`/evaluate?order_id=${placed.order_id}`, {
    multipart: { intent: "submit", [`scores_${lineId}`]: "5", [`content_${lineId}`]: "好" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  expect((await findOrder(owner, placed.order_id)).evaluate_status).toBe(0);

  const stranger = await order(await testApi.createMember({}), "received");
  expect((await page.goto(`/evaluate?order_id=${stranger.order_id}`))?.status()).toBe(404);
});

test("refund and return: apply → seller agrees with a return address → waybill → seller receives and refunds → balance back", async ({ page }) => {
  const owner = await member(page);
  const placed = await order(owner, "shipped", 2);
  const line = placed.order_goods[0]!;
  const before = await cash(owner);

  await page.goto(`/member/refund?order_goods_id=${line.order_goods_id}&order_id=${placed.order_id}`);
  await expect(page.getByRole("heading", { name: "申请退款" })).toBeVisible();
  await page.getByLabel("退款退货").check();
  await page.getByLabel("退款原因").selectOption("协商一致退款");
  const max = (await page.getByTestId("refund-amount").innerText()).replace("¥", "");
  await page.getByLabel("退款说明").fill("多买了两盒");
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page).toHaveURL(new RegExp(`/member/refund_detail\\?order_goods_id=${line.order_goods_id}$`));
  await expect(page.getByTestId("refund-status")).toHaveText("申请售后");
  await expect(page.getByTestId("apply-money")).toContainText(max);

  await seller(line.order_goods_id, "agree");
  await page.reload();
  await expect(page.getByTestId("refund-status")).toHaveText("买家待退货");
  await expect(page.getByTestId("return-address")).toContainText("售后仓");
  await page.getByLabel("物流公司").fill("顺丰速运");
  await page.getByLabel("物流单号").fill("SF1234567890");
  await page.getByRole("button", { name: "提交物流信息" }).click();
  await expect(page.getByTestId("refund-status")).toHaveText("卖家待收货");
  await expect(page.getByTestId("waybill")).toContainText("SF1234567890");

  await seller(line.order_goods_id, "receive");
  await seller(line.order_goods_id, "transfer");
  await page.reload();
  await expect(page.getByTestId("refund-status")).toHaveText("售后结束");
  await expect(page.getByTestId("real-money")).toContainText(max);
  await expect(page.getByTestId("refund-log")).toContainText("退款完成,订单关闭！");
  expect((await cash(owner)) - before).toBe(Math.round(Number(max) * 100));
  expect((await findOrder(owner, placed.order_id)).order_status).toBe(-1);

  await page.goto("/member/activist");
  const item = page.getByTestId("activist-list").getByRole("listitem").first();
  await expect(item).toContainText("退款成功");
  await expect(item.getByTestId("activist-amount")).toContainText(max);
});

test("cancel a refund after a confirmation step", async ({ page }) => {
  const owner = await member(page);
  const placed = await order(owner, "paid");
  const line = placed.order_goods[0]!;
  await page.goto(`/member/refund?order_goods_id=${line.order_goods_id}&order_id=${placed.order_id}`);
  // Not shipped yet: refund only, no type to choose.
  await expect(page.getByLabel("退款退货")).toHaveCount(0);
  await page.getByLabel("退款原因").selectOption("其他");
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page.getByTestId("refund-status")).toHaveText("申请售后");
  expect(await refundOf(line.order_goods_id)).toMatchObject({ refund_status: 1, refund_apply_money: line.real_goods_money });

  await page.getByRole("link", { name: "撤销申请" }).click();
  await expect(page.getByTestId("confirm-cancel")).toContainText("确定撤销这个退款申请吗？");
  await page.getByRole("button", { name: "确定撤销" }).click();
  await expect(page.getByTestId("refund-status")).toHaveText("未申请售后");
  expect((await refundOf(line.order_goods_id)).refund_status).toBe(0);
});

test("the refund is of the whole refundable amount, shown read-only; an amount posted is not what is applied for", async ({ page }) => {
  const owner = await member(page);
  const placed = await order(owner, "paid");
  const line = placed.order_goods[0]!;
  const url = `/member/refund?order_goods_id=${line.order_goods_id}&order_id=${placed.order_id}`;
  await page.goto(url);
  // Niushop 5.5.2 reads no amount (docs/upstream-conformance.md D5): nothing to type, nothing pretended.
  await expect(page.getByTestId("refund-amount")).toHaveText(`¥${line.real_goods_money.toFixed(2)}`);
  await expect(page.getByText("退款金额为所选商品可退的全部金额，由商城计算，不能修改。")).toBeVisible();
  await expect(page.getByRole("textbox", { name: /退款金额/ })).toHaveCount(0);

  // A forged amount field (a browser without JS sends what the form holds) changes nothing.
  const forged = await page.request.post(url, { multipart: { intent: "submit", refund_reason: "其他", amount: "0.01" }, maxRedirects: 0 });
  expect(forged.status()).toBe(303);
  expect(await refundOf(line.order_goods_id)).toMatchObject({ refund_status: 1, refund_apply_money: line.real_goods_money });
});

test("another member's line: /member/refund is a 404 for GET and POST, and nothing changes", async ({ page, browser }) => {
  test.slow(); // two members, several pages, each scanned by axe with JS on
  const owner = await member(page);
  const placed = await order(owner, "paid");
  const line = placed.order_goods[0]!;
  const url = `/member/refund?order_goods_id=${line.order_goods_id}&order_id=${placed.order_id}`;

  // Niushop 5.5.2 takes any member's line for refund data and apply (docs/upstream-conformance.md D1).
  const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const other = await otherContext.newPage();
  await member(other);
  expect((await other.goto(url))?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  const detail = await other.goto(`/member/refund_detail?order_goods_id=${line.order_goods_id}`);
  expect(detail?.status()).toBe(404);
  const apply = await other.request.post(url, { multipart: { intent: "submit", refund_reason: "其他" }, maxRedirects: 0 });
  expect(apply.status()).toBe(404);
  await otherContext.close();
  expect((await refundOf(line.order_goods_id)).refund_status).toBe(0);

  // The owner's page is there, and a line named with another order is not.
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "申请退款" })).toBeVisible();
  expect((await page.goto(`/member/refund?order_goods_id=${line.order_goods_id}&order_id=${placed.order_id + 1}`))?.status()).toBe(404);
});

test("a complaint after the seller refuses; withdrawn after a confirmation step", async ({ page }) => {
  const owner = await member(page);
  const placed = await order(owner, "paid");
  const line = placed.order_goods[0]!;
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: owner.member_id });
  await upstreamCall("/api/orderrefund/refund", { token, order_goods_ids: String(line.order_goods_id), refund_type: 1, refund_reason: "其他" });
  await testApi.post("/__test/refund/seller", { order_goods_id: line.order_goods_id, action: "refuse", reason: "商品已拆封" });

  await page.goto(`/member/refund_detail?order_goods_id=${line.order_goods_id}`);
  await expect(page.getByTestId("refund-status")).toHaveText("卖家拒绝");
  await expect(page.getByText("拒绝理由: 商品已拆封")).toBeVisible();
  await page.getByRole("link", { name: "投诉", exact: true }).click();
  await expect(page.getByRole("heading", { name: "投诉" })).toBeVisible();
  // A reason the upstream does not offer is refused by the server (the select itself requires one).
  const url = `/member/complain?order_goods_id=${line.order_goods_id}`;
  const bad = await page.request.post(url, { form: { intent: "complain", reason: "随便写的", remark: "" }, maxRedirects: 0 });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("请选择投诉原因");
  await page.getByLabel("投诉原因").selectOption("商家拒绝退款理由不合理");
  await page.getByLabel("投诉说明").fill("包装未拆封");
  await page.getByRole("button", { name: "提交投诉" }).click();
  await expect(page.getByTestId("complaint")).toContainText("平台处理中");
  await page.getByRole("link", { name: "撤销投诉" }).click();
  await page.getByRole("button", { name: "确定撤销" }).click();
  await expect(page.getByTestId("complaint")).toContainText("已撤销");
});
