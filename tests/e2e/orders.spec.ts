import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { createOrder, logIn, shipOrder, skuName, skuStock, testApi, withJs } from "./support";

/**
 * Orders after checkout (docs/orders.md), JS on and off: the list's tabs, paying an unpaid order,
 * shipping (test API) → logistics → confirm receipt, closing (stock back) and deleting, buy again,
 * each detail kind, another member's order and a refused action. Each test has its own member and
 * orders (test API), so parallel workers never share them. No test moves the shop API's clock.
 */

type Member = { member_id: number; username: string; password: string };

async function member(page: Page, options: { balance?: number } = {}): Promise<Member> {
  const made = await testApi.createMember();
  if (options.balance) await testApi.post("/__test/member/balance", { username: made.username, balance: options.balance, pay_password: "123456" });
  await logIn(page, made.username, made.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return made;
}

const card = (page: Page, orderId: number) => page.getByTestId(`order-${orderId}`);
const cards = (page: Page) => page.getByTestId(/^order-\d+$/);
const statusOf = (page: Page) => page.getByTestId("order-status");

/** Opens an order button's confirm step and submits it. */
async function confirmButton(page: Page, button: RegExp, submit: string) {
  await page.getByRole("link", { name: button }).first().click();
  const confirm = page.getByTestId("order-confirm");
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: submit }).click();
}

test("every tab lists its orders; empty tabs say so; after-sales is its own page", async ({ page }) => {
  const buyer = await member(page);
  const unpaid = await createOrder(buyer, "express");
  const paid = await createOrder(buyer, "express", { paid: true });
  const shipped = await createOrder(buyer, "express", { paid: true });
  await shipOrder(shipped);

  await page.goto("/member/order_list");
  // The member menu links some tabs too (待评价): the tabs are their own navigation.
  const tabBar = page.getByRole("navigation", { name: "订单状态" });
  await expect(tabBar.getByRole("link", { name: "全部订单" })).toHaveAttribute("aria-current", "page");
  for (const id of [unpaid, paid, shipped]) await expect(card(page, id)).toBeVisible();
  await expect(card(page, unpaid).getByTestId("order-status")).toHaveText("待支付");
  await expect(card(page, unpaid).getByRole("link", { name: /^支付订单/ })).toHaveAttribute("href", `/pay?order_id=${unpaid}`);
  await expect(card(page, shipped).getByRole("link", { name: /^查看订单 .* 的物流$/ })).toBeVisible();

  const tabs: Array<[string, number | null]> = [
    ["待付款", unpaid],
    ["待发货", paid],
    ["待收货", shipped],
    ["待评价", null],
  ];
  for (const [tab, only] of tabs) {
    await tabBar.getByRole("link", { name: tab, exact: true }).click();
    await expect(tabBar.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
    if (only === null) {
      await expect(page.getByTestId("orders-empty")).toHaveText("没有待评价的订单");
    } else {
      await expect(card(page, only)).toBeVisible();
      await expect(cards(page)).toHaveCount(1);
    }
  }
  await expect(tabBar.getByRole("link", { name: "退款/售后" })).toHaveAttribute("href", "/member/activist");
  // The member index links the after-sales counter as ?status=refunding.
  const refunding = await page.request.get("/member/order_list?status=refunding", { maxRedirects: 0 });
  expect(refunding.status()).toBe(302);
  expect(refunding.headers().location).toBe("/member/activist");
});

test("eleven orders make two pages; search finds one by its number", async ({ page }) => {
  const buyer = await member(page);
  const ids: number[] = [];
  for (let i = 0; i < 11; i += 1) ids.push(await createOrder(buyer, "express"));
  await page.goto("/member/order_list");
  await expect(cards(page)).toHaveCount(10);
  await page.getByRole("navigation", { name: "分页" }).getByRole("link", { name: "2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, ids[0])).toBeVisible();

  const [first] = await testApi.get<{ order_id: number; order_no: string }[]>(`/__test/orders?username=${buyer.username}`);
  const search = page.getByRole("search", { name: "订单搜索" });
  await search.getByLabel("搜索订单").fill(first.order_no);
  await search.getByRole("button", { name: "搜索" }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, first.order_id)).toBeVisible();
});

test("pay an unpaid order from the list", async ({ page }) => {
  const buyer = await member(page, { balance: 500 });
  const orderId = await createOrder(buyer, "express", { lines: [{ sku_id: 11, num: 2 }] });
  await page.goto("/member/order_list?status=waitpay");
  await card(page, orderId)
    .getByRole("link", { name: /^支付订单/ })
    .click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  await page.getByLabel("支付密码").fill("123456");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  await page.goto(`/member/order_detail?order_id=${orderId}`);
  await expect(statusOf(page)).toHaveText("待发货");
});

test("ship a paid order → the logistics trace → confirm receipt", async ({ page }) => {
  const buyer = await member(page);
  const orderId = await createOrder(buyer, "express", { paid: true, lines: [{ sku_id: 11, num: 2 }] });
  const shipped = await shipOrder(orderId);
  await page.goto(`/member/order_detail?order_id=${orderId}`);
  await expect(statusOf(page)).toHaveText("已发货");
  await expect(page.getByTestId("order-deadline")).toContainText("将自动确认收货");

  await page.getByRole("link", { name: /^查看订单 .* 的物流$/ }).click();
  await expect(page).toHaveURL(`/member/logistics?order_id=${orderId}`);
  await expect(page.getByTestId("waybill")).toHaveText(shipped.delivery_no);
  await expect(page.getByTestId("carrier")).toHaveText("顺丰速运");
  await expect(page.getByTestId("trace").getByRole("listitem").first()).toContainText("已被揽收");
  await expect(page.getByTestId("package")).toContainText(await skuName(11));

  await page.getByRole("link", { name: /^返回订单/ }).click();
  await confirmButton(page, /^确认收货：订单/, "确认收货");
  await expect(page.getByRole("status").filter({ hasText: "已确认收货" })).toBeVisible();
  await expect(statusOf(page)).toHaveText("已收货");
  await expect(page.getByRole("link", { name: /^评价订单/ })).toHaveAttribute("href", `/evaluate?order_id=${orderId}`);
  await expect(page.getByRole("link", { name: /^确认收货：订单/ })).toHaveCount(0);
});

test("close an unpaid order with a reason: stock comes back; then delete it", async ({ page }) => {
  const buyer = await member(page);
  // A SKU no other journey buys, one per project (js and no-js run side by side): its stock moves only here.
  const skuId = withJs() ? 40 : 41;
  const before = await skuStock(skuId);
  const orderId = await createOrder(buyer, "express", { lines: [{ sku_id: skuId, num: 3 }] });
  expect(await skuStock(skuId)).toBe(before - 3);

  await page.goto(`/member/order_detail?order_id=${orderId}`);
  await expect(page.getByTestId("order-deadline")).toContainText("未付款，订单将自动关闭");
  await page.getByRole("link", { name: /^关闭订单 / }).click();
  await page.getByLabel("关闭原因").selectOption("wrongItems");
  await page.getByTestId("order-confirm").getByRole("button", { name: "确认关闭" }).click();
  await expect(statusOf(page)).toHaveText("已关闭");
  await expect(page.getByText("关闭原因：商品选错了")).toBeVisible();
  expect(await skuStock(skuId)).toBe(before);

  await confirmButton(page, /^删除订单 /, "确认删除");
  await expect(page).toHaveURL(/\/member\/order_list/);
  await expect(page.getByRole("status").filter({ hasText: "订单已删除" })).toBeVisible();
  await expect(card(page, orderId)).toHaveCount(0);
  const gone = await page.goto(`/member/order_detail?order_id=${orderId}`);
  expect(gone?.status()).toBe(404);
});

test("buy again puts each line in the cart with its quantity", async ({ page }) => {
  const buyer = await member(page);
  const orderId = await createOrder(buyer, "express", {
    paid: true,
    lines: [
      { sku_id: 4, num: 2 },
      { sku_id: 34, num: 1 },
    ],
  });
  await page.goto("/member/order_list");
  await confirmButton(page, /^再次购买订单/, "加入购物车");
  await expect(page).toHaveURL(/\/cart$/);
  for (const sku of [4, 34]) await expect(page.getByText(await skuName(sku)).first()).toBeVisible();
  // The order itself is untouched.
  const [order] = await testApi.get<{ order_id: number; order_status: number }[]>(`/__test/orders?username=${buyer.username}`);
  expect(order).toMatchObject({ order_id: orderId, order_status: 1 });
});

test("express detail: order number to copy, receiver, amounts, agreement", async ({ page }) => {
  const buyer = await member(page);
  const express = await createOrder(buyer, "express", { paid: true });
  await page.goto(`/member/order_detail?order_id=${express}`);
  await expect(page.getByRole("heading", { name: "订单详情", level: 1 })).toBeVisible();
  await expect(page.getByTestId("order-no")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("order-pay-money")).toHaveText("¥26.50");
  await expect(page.getByRole("link", { name: "查看购买协议" })).toHaveAttribute("href", "/member/order_agreement");
  if (withJs()) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "复制订单号" }).click();
    await expect(page.getByText("复制成功")).toBeVisible();
  }
  await page.getByRole("link", { name: "查看购买协议" }).click();
  await expect(page.getByRole("heading", { name: "购买协议", level: 1 })).toBeVisible();
  await expect(page.getByText("一、订单的成立")).toBeVisible();
});

test("pickup: order_detail sends it to its route, with the pickup code and its QR", async ({ page }) => {
  const buyer = await member(page);
  const pickup = await createOrder(buyer, "store", { paid: true });
  await page.goto(`/member/order_detail?order_id=${pickup}`);
  await expect(page).toHaveURL(`/member/order_detail_pickup?order_id=${pickup}`);
  await expect(statusOf(page)).toHaveText("待提货");
  await expect(page.getByTestId("pickup-code")).toHaveText(/^\d{8}$/);
  const code = (await page.getByTestId("pickup-code").textContent()) ?? "";
  await expect(page.getByRole("img", { name: `提货码 ${code} 的二维码` })).toBeVisible();
  await expect(page.getByTestId("order-store")).not.toBeEmpty();
});

test("local delivery: its route shows the deliverer once on the way", async ({ page }) => {
  const buyer = await member(page);
  const local = await createOrder(buyer, "local", { paid: true });
  await testApi.post("/__test/order/deliver", { order_id: local });
  await page.goto(`/member/order_detail?order_id=${local}`);
  await expect(page).toHaveURL(`/member/order_detail_local_delivery?order_id=${local}`);
  await expect(page.getByTestId("order-deliverer")).toContainText("李师傅");
  await expect(statusOf(page)).toHaveText("已发货");
});

test("virtual: the code and its state; confirm use", async ({ page }) => {
  const buyer = await member(page);
  const virtual = await createOrder(buyer, "virtual", { paid: true });
  await page.goto(`/member/order_detail?order_id=${virtual}`);
  await expect(page).toHaveURL(`/member/order_detail_virtual?order_id=${virtual}`);
  await expect(page.getByTestId("virtual-code")).toContainText("未使用");
  await confirmButton(page, /^确认使用：订单/, "确认使用");
  await expect(statusOf(page)).toHaveText("已收货");
  await expect(page.getByTestId("virtual-code")).toContainText("已使用");
});

test("another member's order and a bad id are 404s", async ({ page }) => {
  const owner = await testApi.createMember();
  const foreign = await createOrder(owner, "express");
  await member(page);
  for (const path of ["order_detail", "order_detail_pickup", "logistics"]) {
    const response = await page.goto(`/member/${path}?order_id=${foreign}`);
    expect(response?.status(), path).toBe(404);
  }
  expect((await page.goto("/member/order_detail?order_id=abc"))?.status()).toBe(404);
});

test("a refused action shows the shop's reason and changes nothing", async ({ page }) => {
  const buyer = await member(page);
  // The confirm step is open when the order is closed elsewhere: closing again is refused.
  const orderId = await createOrder(buyer, "express");
  await page.goto(`/member/order_detail?order_id=${orderId}&confirm=close`);
  await testApi.post("/__test/order/close", { order_id: orderId });
  await page.getByLabel("关闭原因").selectOption("other");
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/member/order_detail")),
    page.getByTestId("order-confirm").getByRole("button", { name: "确认关闭" }).click(),
  ]);
  // Without JS the refusal is the document's status; with JS the page shows it the same way.
  if (!withJs()) expect(answer.status()).toBe(409);
  await expect(page.getByRole("alert").filter({ hasText: "订单不是待支付状态，不能关闭" })).toBeVisible();
  const [order] = await testApi.get<{ order_id: number; order_status: number; close_cause: string }[]>(`/__test/orders?username=${buyer.username}`);
  expect(order).toMatchObject({ order_id: orderId, order_status: -1, close_cause: "测试关闭" });
});
