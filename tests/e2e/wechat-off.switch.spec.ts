import { expect, test } from "./fixtures";
import { pageWith, testApi } from "./support";

// The WeChat switch is the shop API's (its official account configured or not), shared by every
// journey: this spec runs in the "switches" project, after the others, one at a time.
test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await testApi.post("/__test/reset", {});
});

for (const javaScriptEnabled of [true, false]) {
  test(`WeChat login switched off upstream: no WeChat button, its pages are 404, and back when on (${javaScriptEnabled ? "js" : "no-js"})`, async ({
    browser,
  }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    const wechatButton = page.getByRole("button", { name: "使用微信扫码登录" });
    await page.goto("/login");
    await expect(wechatButton).toBeVisible();

    await testApi.post("/__test/wechat/config", { on: false });
    // The BFF reads config/init again after 5 seconds.
    await expect(async () => {
      await page.goto("/login");
      await expect(wechatButton).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible(); // the rest of the page is whole
    // Each BFF worker (WEB_CONCURRENCY) keeps its own 5 s copy of config/init, and a request on
    // another connection may reach a worker that has not read it again yet: each page waits too.
    for (const path of ["/login/wechat", "/login/wechat/bind"]) {
      await expect(async () => {
        expect((await page.goto(path))?.status(), path).toBe(404);
      }).toPass({ timeout: 15_000 });
    }
    // A new code reads the switch fresh, on whichever worker: a 404 at once, and no refused login
    // code that would keep WeChat hidden once it is on again.
    const post = await page.request.post("/login/wechat", { form: { intent: "new-code" }, maxRedirects: 0 });
    expect(post.status()).toBe(404);

    await testApi.post("/__test/wechat/config", { on: true });
    await expect(async () => {
      await page.goto("/login");
      await expect(wechatButton).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await page.context().close();
  });
}
