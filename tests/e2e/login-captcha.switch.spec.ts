import { expect, test } from "@playwright/test";
import { DEMO, testApi } from "./support";

// Runs after the js and no-js projects (project "switches"): the captcha switch is global.
test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await testApi.post("/__test/reset", {});
});

for (const javaScriptEnabled of [true, false]) {
  test(`when the upstream asks for a captcha at login, the form shows and checks it (${javaScriptEnabled ? "js" : "no-js"})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await testApi.post("/__test/config", { login_captcha: true });
    await expect(async () => {
      await page.goto("/login");
      await expect(page.getByLabel("验证码")).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });

    await page.getByRole("textbox", { name: "用户名/手机号" }).fill(DEMO.username);
    await page.getByRole("textbox", { name: "密码", exact: true }).fill(DEMO.password);
    await page.getByLabel("验证码").fill("wrong");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("验证码不正确");

    await page.getByRole("textbox", { name: "密码", exact: true }).fill(DEMO.password);
    await page.getByLabel("验证码").fill(await testApi.captchaAnswer(page));
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/member\/index$/);

    await testApi.post("/__test/config", { login_captcha: false });
    await context.close();
  });
}
