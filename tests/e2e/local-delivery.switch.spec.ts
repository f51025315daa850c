import { expect, test } from "./fixtures";
import { logIn, pageWith, testApi } from "./support";

// A shop whose only delivery is same-city delivery (同城配送), which this storefront does not offer
// (it needs a located address, docs/upstream-conformance.md D6): the checkout says so and leads back,
// never a page whose submit stays blocked. The delivery types are a global setting of the shop, so
// this runs in the "switches" project, one test at a time.
test.describe.configure({ mode: "serial" });

for (const javaScriptEnabled of [true, false]) {
  test(`a shop with local delivery only: the checkout says why nothing can be ordered here and leads back (${javaScriptEnabled ? "js" : "no-js"})`, async ({
    browser,
  }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    const member = await testApi.createMember();
    await testApi.post("/__test/cart", { username: member.username, lines: [{ sku_id: 11, num: 1 }], bundles: [] });
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);
    await testApi.post("/__test/config/delivery", { deliver_type: "local" });
    try {
      await page.goto("/cart");
      await page.getByRole("button", { name: "结算", exact: true }).click();
      await expect(page).toHaveURL(/\/payment\?cart_ids=/);
      await expect(page.getByRole("alert")).toHaveText("本店这些商品目前只支持同城配送，网页商城暂不支持同城配送下单。请返回选购其他商品，或联系商家。");
      await expect(page.getByRole("button", { name: "提交订单" })).toHaveCount(0);
      await page.getByRole("link", { name: "返回购物车" }).click();
      await expect(page).toHaveURL(/\/cart$/);
    } finally {
      await testApi.post("/__test/config/delivery", { reset: true });
      await page.context().close();
    }
  });
}
