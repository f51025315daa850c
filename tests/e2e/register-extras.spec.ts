import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { gotoSettled, testApi, withJs } from "./support";

// /register's business fields (docs/member-centre.md "Registration"): business type, region and
// address (→ the default delivery address), the type's qualification images (→ pending
// submissions), the referrer. JS on and off: without JS the "next" buttons are server round trips.

const png = async (color: string) => ({
  name: "licence.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 320, height: 220, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

const newUsername = () => `reg_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function chooseRegion(page: Page, level: string, name: string, next?: string) {
  await page.getByRole("combobox", { name: level, exact: true }).selectOption({ label: name });
  if (next && !withJs()) await page.getByRole("button", { name: next }).click();
}

/** Chooses 诊所 (seed: 营业执照 and 医疗机构执业许可证 required, 采购委托书 optional). */
async function chooseClinic(page: Page) {
  await page.getByRole("combobox", { name: "企业类型" }).selectOption({ label: "诊所" });
  if (!withJs()) await page.getByRole("button", { name: "查看所需资质" }).click();
  await expect(page.getByText("医疗机构执业许可证 （必传）")).toBeVisible();
}

async function upload(page: Page, type: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const block = page.locator(".auth-extras__type").filter({ hasText: type });
  await block.locator('input[type="file"]').setInputFiles(file);
  const captchaId = await page.locator('input[name="captcha_id"]').inputValue();
  await block.getByRole("button", { name: "上传" }).click();
  // Every post shows a new captcha: wait for it (the step is done) before going on.
  await expect(page.locator('input[name="captcha_id"]')).not.toHaveValue(captchaId);
}

/** The password fields are never echoed back after a step: typed (again) right before submitting. */
async function finish(page: Page, username: string) {
  await expect(page.getByRole("textbox", { name: "用户名", exact: true })).toHaveValue(username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill("secret123");
  await page.getByRole("textbox", { name: "确认密码" }).fill("secret123");
  await page.getByLabel("验证码").fill(await testApi.captchaAnswer(page));
  const agreement = page.getByLabel(/我已阅读并同意/);
  if (!(await agreement.isChecked())) await agreement.check();
  await page.getByRole("button", { name: "立即注册" }).click();
}

test("register as a clinic with region, address and qualification images: pending documents and the default address", async ({ page }) => {
  test.slow();
  const username = newUsername();
  await gotoSettled(page, "/register");
  await page.getByRole("textbox", { name: "用户名", exact: true }).fill(username);
  await chooseClinic(page);
  await page.getByRole("textbox", { name: "联系人姓名" }).fill("张医生");
  await chooseRegion(page, "省", "北京市", "选择城市");
  // Without JS the form came back from the server: what was typed is still there.
  await expect(page.getByRole("textbox", { name: "联系人姓名" })).toHaveValue("张医生");
  await chooseRegion(page, "市", "北京市", "选择区/县");
  await chooseRegion(page, "区/县", "东城区");
  await page.getByRole("textbox", { name: "详细地址" }).fill("南池子大街 9 号");

  await upload(page, "营业执照", await png("#2a6"));
  await expect(page.getByRole("img", { name: "营业执照 第 1 张" })).toBeVisible();
  await upload(page, "医疗机构执业许可证", await png("#26a"));
  await expect(page.getByRole("img", { name: "医疗机构执业许可证 第 1 张" })).toBeVisible();
  // Everything typed survived both uploads.
  await expect(page.getByRole("textbox", { name: "详细地址" })).toHaveValue("南池子大街 9 号");
  await expect(page.getByRole("combobox", { name: "区/县", exact: true })).toHaveValue("110101");
  await expect(page.getByRole("combobox", { name: "企业类型" })).toHaveValue(/\d+/);

  await finish(page, username);
  await expect(page).toHaveURL(/\/member\/index$/);
  await expect(page.getByText(`账号：${username}`)).toBeVisible();

  await gotoSettled(page, "/member/qualification");
  for (const name of ["营业执照", "医疗机构执业许可证"]) {
    await expect(page.getByRole("region", { name }).getByText("审核中", { exact: true })).toBeVisible();
  }
  await gotoSettled(page, "/member/delivery_address");
  await expect(page.getByText("北京市-北京市-东城区 南池子大街 9 号")).toBeVisible();
  await expect(page.getByText("默认", { exact: true })).toBeVisible();
});

test("register refuses missing documents, a non-image, a bad region and a missing address, keeping what was typed", async ({ page }) => {
  const username = newUsername();
  await gotoSettled(page, "/register");
  await page.getByRole("textbox", { name: "用户名", exact: true }).fill(username);
  await chooseClinic(page);
  await finish(page, username);
  await expect(page).toHaveURL(/\/register/);
  await expect(page.getByText("请上传此项资质")).toHaveCount(2);
  await expect(page.getByText("请选择省")).toBeVisible();
  await expect(page.getByText("请输入详细地址")).toBeVisible();

  // Not an image (a text file named .png): refused beside the document, nothing stored.
  await upload(page, "营业执照", { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await expect(page.getByText("只能上传 PNG、JPEG、GIF 或 WebP 图片")).toBeVisible();
  await expect(page.getByRole("img", { name: "营业执照 第 1 张" })).toHaveCount(0);

  // A forged province id: refused beside the region.
  await page.locator('select[name="province_id"]').evaluate((select: HTMLSelectElement) => {
    select.add(new Option("伪造", "999999"));
    select.value = "999999";
  });
  await page.getByRole("textbox", { name: "详细地址" }).fill("某街 1 号");
  await finish(page, username);
  await expect(page.getByText("所选地区无效，请重新选择")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "详细地址" })).toHaveValue("某街 1 号");
  await expect(page.getByRole("combobox", { name: "企业类型" })).toHaveValue(/\d+/);
});
