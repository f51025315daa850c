import { expect, test, type Page } from "@playwright/test";
import { closeFloatLayer, DEMO, logIn, memberWithCart, skuName, testApi, waitForHydration, withJs } from "../e2e/support";

/**
 * The member journeys through nginx and two BFF processes (round robin, no stickiness): a page and
 * the form post after it, or a post and the redirect after it, are usually answered by different
 * processes, so each step also checks that process B honours what process A set in the cookie.
 */

const cartCount = (page: Page) => page.getByTestId("header-cart-count");
const line = (page: Page, name: string) => page.locator('[data-testid^="cart-line-"]').filter({ hasText: name }).first();

test("sign in, then every member page of the visit stays signed in", async ({ page }) => {
  await logIn(page, DEMO.username, DEMO.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  // Several requests: with two processes and round robin, both serve this member.
  for (const path of ["/cart", "/member/index", "/index", "/member/index"]) {
    await page.goto(path);
    await expect(page.getByText(DEMO.nickname).first()).toBeVisible();
  }
});

test("add to the cart, change a quantity, reload: nothing is lost between processes", async ({ page }) => {
  // The shop API is asked before the browser work: its idle keep-alive connections close after 5 s.
  const name = await skuName(17);
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password, "/sku-17");
  await expect(page).toHaveURL(/\/sku-17$/);
  await waitForHydration(page);
  await expect(cartCount(page)).toHaveText("0");
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.getByText("加入购物车成功")).toBeVisible();
  await expect(cartCount(page)).toHaveText("1");

  await page.goto("/cart");
  await waitForHydration(page);
  const field = line(page, name).getByRole("textbox", { name: /的数量$/ });
  await field.fill("4");
  await field.press("Enter");
  await expect(cartCount(page)).toHaveText("4");
  for (let reload = 0; reload < 3; reload += 1) {
    await page.reload();
    await expect(line(page, name).getByRole("textbox", { name: /的数量$/ })).toHaveValue("4");
    await expect(cartCount(page)).toHaveText("4");
  }
});

test("a cart set up upstream shows on every process, and a + step sticks", async ({ page }) => {
  const name = await skuName(1);
  await memberWithCart(page, [{ sku_id: 1, num: 2 }]);
  await page.goto("/cart");
  await waitForHydration(page);
  await line(page, name)
    .getByRole("button", { name: `增加 ${name} 的数量` })
    .click();
  await expect(cartCount(page)).toHaveText("3");
  await page.reload();
  await expect(cartCount(page)).toHaveText("3");
});

test("checkout: settle, pick up, pay with balance; the order is made once, whichever process answers", async ({ page }) => {
  const member = await memberWithCart(page, [{ sku_id: 11, num: 2 }]);
  await testApi.post("/__test/member/balance", { username: member.username, balance: 1000, pay_password: "123456" });
  await page.goto("/cart");
  await page.getByRole("button", { name: "结算", exact: true }).click();
  await expect(page).toHaveURL(/\/payment\?cart_ids=/);
  await page.getByLabel("门店自提").check();
  // Without JS the choice reaches the upstream through "recalculate".
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).toHaveURL(/delivery=store/);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  await page.getByLabel("支付密码").fill("123456");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page).toHaveURL(/\/result\?out_trade_no=\d+/);
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  const orders = await testApi.get<Array<{ pay_money: number; order_goods: Array<{ sku_id: number; num: number }> }>>(
    `/__test/orders?username=${member.username}`,
  );
  expect(orders).toHaveLength(1);
  expect(orders[0].order_goods).toMatchObject([{ sku_id: 11, num: 2 }]);
});

test("the language switch holds across processes", async ({ page }) => {
  await page.goto("/index");
  await closeFloatLayer(page);
  await waitForHydration(page);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-us");
  for (const path of ["/login", "/index", "/cart"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-us");
  }
  await page.goto("/index");
  await closeFloatLayer(page);
  await waitForHydration(page);
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-cn");
});

test("a visitor's page from nginx's cache runs its scripts under its own CSP", async ({ page }) => {
  test.skip(!withJs(), "scripts run only with JavaScript on");
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const path = `/sku-1?journey=${test.info().project.name}`;
  expect((await page.request.get(path)).status()).toBe(200); // fills the cache
  const response = await page.goto(path);
  expect(response?.headers()["x-cache-status"]).toMatch(/^(HIT|STALE|UPDATING)$/);
  await waitForHydration(page);
  expect(refused).toEqual([]);
});
