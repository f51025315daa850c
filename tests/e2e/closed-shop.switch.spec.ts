import { expect, test, type Browser } from "@playwright/test";
import { testApi } from "./support";

// Runs after the js and no-js projects (project "switches"): closing the shop is global.
test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await testApi.post("/__test/reset", {});
});

async function pageWith(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

for (const javaScriptEnabled of [true, false]) {
  test(`a closed shop sends every page to /closed and back when it opens (${javaScriptEnabled ? "js" : "no-js"})`, async ({ browser }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    await testApi.post("/__test/shop-status", { open: false });
    // The BFF caches the open/closed switch for 3 seconds.
    await expect(async () => {
      await page.goto("/index");
      expect(new URL(page.url()).pathname).toBe("/closed");
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole("heading", { name: "本店暂停营业" })).toBeVisible();
    await expect(page).toHaveTitle(/店铺已关闭/);
    for (const path of ["/login", "/register", "/member/index", "/no-such-page"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/closed$/);
    }

    await testApi.post("/__test/shop-status", { open: true });
    await expect(async () => {
      await page.goto("/closed");
      expect(new URL(page.url()).pathname).toBe("/index");
    }).toPass({ timeout: 10_000 });
    await page.context().close();
  });
}
