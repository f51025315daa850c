import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addAddressUpstream, gotoSettled, logIn, testApi, upstreamCall, withJs } from "./support";

// Delivery addresses (docs/addresses.md). Every test uses a fresh member, so the demo member's
// addresses stay as seeded for other specs.

async function freshMember(page: Page) {
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

/** Gives `member` an address straight through the upstream (a token from the test API). */
async function seedAddress(memberId: number, fields: Record<string, unknown>) {
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: memberId });
  return addAddressUpstream(token, fields);
}

const BEIJING = { province_id: 110000, city_id: 110100, district_id: 110101, address: "东华门街道 1 号" };

/** Picks a region; without JS, the "next" button asks the server for the next level. */
async function chooseRegion(page: Page, level: string, name: string, next?: string) {
  await page.getByRole("combobox", { name: level, exact: true }).selectOption({ label: name });
  if (next && !withJs()) await page.getByRole("button", { name: next }).click();
}

const addressList = (page: Page) => page.getByRole("list", { name: "收货地址" });
const card = (page: Page, name: string) => addressList(page).getByRole("listitem").filter({ hasText: name });

test("visitors are sent to log in and come back", async ({ page }) => {
  await page.goto("/member/delivery_address");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmember%2Fdelivery_address$/);
});

test("add through the region cascade, edit, set default and delete with confirmation", async ({ page }) => {
  await freshMember(page);
  await gotoSettled(page, "/member/delivery_address");
  await expect(page.getByText("您还没有收货地址，请先添加。")).toBeVisible();

  await page.getByRole("link", { name: "添加收货地址" }).click();
  await expect(page).toHaveURL(/\/member\/address_edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "添加收货地址" })).toBeVisible();
  await page.getByRole("textbox", { name: "收货人" }).fill("王小明");
  await page.getByRole("textbox", { name: "手机号码" }).fill("13612345678");
  await chooseRegion(page, "省", "北京市", "选择城市");
  // Without JS the form came back from the server: what was typed is still there.
  await expect(page.getByRole("textbox", { name: "收货人" })).toHaveValue("王小明");
  await chooseRegion(page, "市", "北京市", "选择区/县");
  await chooseRegion(page, "区/县", "东城区", "选择街道");
  await chooseRegion(page, "街道（选填）", "东华门街道");
  await page.getByRole("textbox", { name: "详细地址" }).fill("南池子大街 2 号");
  await page.getByRole("button", { name: "保存" }).click();

  await expect(page).toHaveURL(/\/member\/delivery_address$/);
  await expect(page.getByText("收货地址已保存")).toBeVisible();
  // The first address becomes the default.
  await expect(card(page, "王小明").getByText("默认", { exact: true })).toBeVisible();
  await expect(card(page, "王小明").getByText("北京市-北京市-东城区 南池子大街 2 号")).toBeVisible();

  // A second address, for a city without districts (东莞): the district may stay empty.
  await page.getByRole("link", { name: "添加收货地址" }).click();
  await page.getByRole("textbox", { name: "收货人" }).fill("李小红");
  await page.getByRole("textbox", { name: "固定电话" }).fill("0769-12345678");
  await chooseRegion(page, "省", "广东省", "选择城市");
  await chooseRegion(page, "市", "东莞市", "选择区/县");
  await page.getByRole("textbox", { name: "详细地址" }).fill("东城街道 8 号");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/member\/delivery_address$/);
  await expect(card(page, "李小红").getByText("广东省-东莞市 东城街道 8 号")).toBeVisible();
  await expect(card(page, "李小红").getByText("默认", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "设为默认：李小红" }).click();
  await expect(page.getByText("已设为默认地址")).toBeVisible();
  await expect(card(page, "李小红").getByText("默认", { exact: true })).toBeVisible();
  await expect(card(page, "王小明").getByText("默认", { exact: true })).toHaveCount(0);
  // Default first.
  await expect(addressList(page).getByRole("listitem").first()).toContainText("李小红");

  await page.getByRole("link", { name: "编辑：王小明" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "编辑收货地址" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "区/县", exact: true })).toHaveValue("110101");
  await page.getByRole("textbox", { name: "收货人" }).fill("王大明");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/member\/delivery_address$/);
  await expect(card(page, "王大明")).toBeVisible();

  await page.getByRole("link", { name: "删除：王大明" }).click();
  await expect(page).toHaveURL(/confirm=\d+/);
  await expect(page.getByText("确定要删除收货人为“王大明”的地址吗？删除后无法恢复。")).toBeVisible();
  await page.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("地址已删除")).toBeVisible();
  await expect(card(page, "王大明")).toHaveCount(0);
  await expect(card(page, "李小红")).toBeVisible();
});

test("bad input answers 400 with translated messages beside the fields, keeping what was typed", async ({ page }) => {
  await freshMember(page);
  await gotoSettled(page, "/member/address_edit");
  await page.getByRole("textbox", { name: "收货人" }).fill("赵六");
  await page.getByRole("textbox", { name: "手机号码" }).fill("13712345678");
  await chooseRegion(page, "省", "北京市", "选择城市");
  await chooseRegion(page, "市", "北京市", "选择区/县");
  await page.getByRole("textbox", { name: "详细地址" }).fill("某路 1 号");
  // The status of a form post is checked below with direct posts; here, what the member sees.
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请选择区/县", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "收货人" })).toHaveValue("赵六");

  const post = (form: Record<string, string>) => page.request.post("/member/address_edit", { form: { intent: "save", ...form }, maxRedirects: 0 });
  const valid = { name: "赵六", mobile: "13712345678", province_id: "110000", city_id: "110100", district_id: "110101", address: "某路 1 号" };

  const badMobile = await post({ ...valid, mobile: "12345" });
  expect(badMobile.status()).toBe(400);
  expect(await badMobile.text()).toContain("请输入正确的 11 位手机号码");

  const noDistrict = await post({ ...valid, district_id: "" });
  expect(noDistrict.status()).toBe(400);
  expect(await noDistrict.text()).toContain("请选择区/县");

  const wrongParent = await post({ ...valid, city_id: "310100" });
  expect(wrongParent.status()).toBe(400);
  expect(await wrongParent.text()).toContain("所选地区无效，请重新选择");

  const huge = await post({ ...valid, address: "长".repeat(100_000) });
  expect(huge.status()).toBe(400);
  expect(await huge.text()).toContain("详细地址不能超过 100 个字");

  // An upstream refusal is shown with the upstream's message: a name of emoji only is empty once they are stripped.
  const emojiName = await post({ ...valid, name: "😀😀" });
  expect(emojiName.status()).toBe(400);
  expect(await emojiName.text()).toContain("请输入收货人姓名");

  const forged = await page.request.post("/member/delivery_address", { form: { intent: "delete", id: "abc" }, maxRedirects: 0 });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain("该地址不存在");

  // The cascade's resource route: public JSON, a bad pid is a 400.
  const cities = await page.request.get("/regions?pid=110000");
  expect(cities.status()).toBe(200);
  expect(cities.headers()["cache-control"]).toContain("public");
  expect(await cities.json()).toEqual([{ id: 110100, name: "北京市" }]);
  expect((await page.request.get("/regions?pid=abc")).status()).toBe(400);
  expect((await page.request.get("/regions")).status()).toBe(400);
});

test("another member's address is a 404 and cannot be changed", async ({ page }) => {
  await freshMember(page);
  // Address 1 belongs to the demo member.
  const edit = await page.goto("/member/address_edit?id=1");
  expect(edit?.status()).toBe(404);
  const bogus = await page.goto("/member/address_edit?id=abc");
  expect(bogus?.status()).toBe(404);

  const refused = await page.request.post("/member/delivery_address", { form: { intent: "delete", id: "1" }, maxRedirects: 0 });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("收货地址不存在");
  const demo = await upstreamCall<{ count: number }>("/api/memberaddress/page", {
    token: (await testApi.post<{ token: string }>("/__test/token", { member_id: 1 })).token,
  });
  expect(demo.count).toBeGreaterThanOrEqual(1);
});

test("from checkout: use an address, or add one, and land back on the payment page", async ({ page }) => {
  test.slow(); // two round trips between checkout and the address pages, each page scanned by axe with JS on
  const member = await freshMember(page);
  await seedAddress(member.member_id, { name: "第一个", mobile: "13512345678", ...BEIJING, is_default: 1 });
  await seedAddress(member.member_id, { name: "第二个", mobile: "13512345679", ...BEIJING });

  await gotoSettled(page, "/member/delivery_address?redirect=/payment%3Fsku_id%3D1%26num%3D1");
  await page.getByRole("button", { name: "使用该地址：第二个" }).click();
  await expect(page).toHaveURL(/\/payment\?sku_id=1&num=1$/);
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: member.member_id });
  const afterUse = await upstreamCall<{ list: { name: string; is_default: number }[] }>("/api/memberaddress/page", { token, page_size: 0 });
  expect(afterUse.list[0]).toMatchObject({ name: "第二个", is_default: 1 });

  // An off-site redirect is never followed: no "use" buttons appear for it.
  await gotoSettled(page, "/member/delivery_address?redirect=https%3A%2F%2Fevil.example%2F");
  await expect(page.getByRole("button", { name: /^使用该地址/ })).toHaveCount(0);

  await gotoSettled(page, "/member/delivery_address?redirect=/payment%3Fcart_ids%3D1%2C2");
  await page.getByRole("link", { name: "添加收货地址" }).click();
  await expect(page).toHaveURL(/\/member\/address_edit\?redirect=%2Fpayment%3Fcart_ids%3D1%2C2$/);
  await page.getByRole("textbox", { name: "收货人" }).fill("第三个");
  await page.getByRole("textbox", { name: "手机号码" }).fill("13512345670");
  await chooseRegion(page, "省", "上海市", "选择城市");
  await chooseRegion(page, "市", "上海市", "选择区/县");
  await chooseRegion(page, "区/县", "徐汇区", "选择街道");
  await page.getByRole("textbox", { name: "详细地址" }).fill("漕溪北路 1 号");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/payment\?cart_ids=1(,|%2C)2$/);
  const afterAdd = await upstreamCall<{ list: { name: string; is_default: number; full_address: string }[] }>("/api/memberaddress/page", {
    token,
    page_size: 0,
  });
  expect(afterAdd.list[0]).toMatchObject({ name: "第三个", is_default: 1, full_address: "上海市-上海市-徐汇区" });
});
