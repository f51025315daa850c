import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BFF_URL } from "./ports";
import { createOrder, gotoSettled, logIn, testApi } from "./support";

/**
 * Issue 29 item 7, JS on and off: an impossible birthday is the form's 400 with its message (it
 * was a 500 "RangeError: Invalid time value"), and in English the names that have a code (order
 * and refund statuses, delivery and pay types, stock refund reasons) read in English.
 */

async function freshMember(page: Page) {
  const member = await testApi.createMember({ nickname: "日期药房" });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

test("an impossible birthday is refused with the form's message, keeping what was typed", async ({ page }) => {
  test.slow(); // three submissions of the form, each page scanned by axe with JS on
  await freshMember(page);
  for (const birthday of ["2024-13-01", "2000-00-10", "2000-01-32"]) {
    await gotoSettled(page, "/member/info");
    await page.getByRole("textbox", { name: "昵称" }).fill("康源大药房");
    await page.getByRole("textbox", { name: "生日" }).fill(birthday);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/member/info") && response.request().method() === "POST"),
      page.getByRole("button", { name: "保存" }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expect(page.getByText("请输入正确的生日（YYYY-MM-DD，不晚于今天）")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "昵称" })).toHaveValue("康源大药房");
  }
});

test.describe("in English", () => {
  test("order statuses, delivery and pay types are in English; a refund's stock reason too", async ({ page, context, baseURL }) => {
    test.slow(); // a fresh member, three orders and four member pages, each scanned by axe with JS on
    const member = await testApi.createMember();
    const unpaid = await createOrder(member, "express");
    const paid = await createOrder(member, "express", { paid: true });
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);
    // The language cookie as the BFF writes it (Remix cookie: base64 of the JSON string).
    await context.addCookies([{ name: "lng", value: encodeURIComponent(btoa(JSON.stringify("en-us"))), url: baseURL! }]);

    await gotoSettled(page, "/member/order_list");
    await expect(page.getByTestId(`order-${unpaid}`).getByTestId("order-status")).toHaveText("Awaiting payment");
    await expect(page.getByTestId(`order-${paid}`).getByTestId("order-status")).toHaveText("To be shipped");

    await gotoSettled(page, `/member/order_detail?order_id=${paid}`);
    await expect(page.getByTestId("order-status")).toHaveText("To be shipped");
    await expect(page.getByText("Express delivery")).toBeVisible();
    await expect(page.getByText("Alipay")).toBeVisible();

    // A refund applied for with a stock reason: its status and reason read in English.
    const [order] = await testApi
      .get<Array<{ order_id: number; order_goods: Array<{ order_goods_id: number }> }>>(`/__test/orders?username=${member.username}`)
      .then((orders) => orders.filter((candidate) => candidate.order_id === paid));
    const line = order!.order_goods[0]!.order_goods_id;
    const applied = await page.request.post(`${BFF_URL}/member/refund?order_goods_id=${line}&order_id=${paid}`, {
      form: { intent: "submit", refund_type: "1", refund_reason: "协商一致退款", remark: "" },
      headers: { Origin: BFF_URL },
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(applied.status());
    await gotoSettled(page, `/member/refund_detail?order_goods_id=${line}`);
    await expect(page.getByText("After-sales requested").first()).toBeVisible();
    await expect(page.getByText("Refund agreed with the seller")).toBeVisible();
    await expect(page.locator("main")).not.toContainText("申请售后");
  });

  test("the checkout's delivery choices and the ledgers' sources are in English", async ({ page, context, baseURL }) => {
    const member = await testApi.createMember();
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);
    await context.addCookies([{ name: "lng", value: encodeURIComponent(btoa(JSON.stringify("en-us"))), url: baseURL! }]);
    await gotoSettled(page, "/payment?sku_id=5&num=1");
    await expect(page.getByLabel("Express delivery")).toBeChecked();
    await expect(page.getByLabel("Store pickup")).toBeVisible();
    await expect(page.getByRole("group", { name: "Delivery" })).not.toContainText("快递发货");

    // The ledgers' sources, by their codes.
    await gotoSettled(page, "/member/my_point");
    const sources = page.getByRole("navigation", { name: "Points sources" });
    await expect(sources.getByRole("link", { name: "Daily sign-in" })).toBeVisible();
    await expect(sources.getByRole("link", { name: "Adjustment" })).toBeVisible();
    await expect(sources).not.toContainText("签到");
  });
});
