import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BFF_URL } from "./ports";
import { gotoSettled, logIn, testApi, upstreamCall, withJs } from "./support";

// Member finance (docs/member-centre.md): withdrawal accounts, withdrawals through their review,
// recharges through the cashier. Every test uses a fresh member.

async function freshMember(page: Page, money: { balance?: number; balance_money?: number } = {}) {
  const member = await testApi.createMember();
  if (money.balance !== undefined || money.balance_money !== undefined) await testApi.post("/__test/member/balance", { username: member.username, ...money });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

async function tokenOf(memberId: number) {
  return (await testApi.post<{ token: string }>("/__test/token", { member_id: memberId })).token;
}

const BANK = { realname: "王五", mobile: "13700137000", withdraw_type: "bank", branch_bank_name: "招商银行北京分行", bank_account: "6225880123456789" };

async function seedAccount(memberId: number, fields: Record<string, string> = BANK) {
  return upstreamCall<number>("/api/memberbankaccount/add", { token: await tokenOf(memberId), ...fields });
}

/** apply answers no id (`data: ""`, as upstream): the member's newest withdrawal, from the test API. */
async function newestWithdrawal(username: string): Promise<number> {
  const state = await testApi.get<{ rows: { id: number }[] }>(`/__test/withdraw?username=${username}`);
  return state.rows[0]!.id;
}

const cards = (page: Page) => page.getByRole("list", { name: "提现账户" }).getByRole("listitem");

test("withdrawal accounts: refused card number, add bank and Alipay, default, edit, delete with confirmation", async ({ page }) => {
  await freshMember(page);
  await gotoSettled(page, "/member/account_list");
  await expect(page.getByText("您还没有提现账户，请先添加。")).toBeVisible();
  await page.getByRole("link", { name: "添加提现账户" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "添加提现账户" })).toBeVisible();
  await page.getByRole("combobox", { name: "账户类型" }).selectOption("bank");
  await page.getByRole("textbox", { name: "真实姓名" }).fill("王五");
  await page.getByRole("textbox", { name: "手机号码" }).fill("13700137000");
  await page.getByRole("textbox", { name: "开户银行" }).fill("招商银行北京分行");
  await page.getByRole("textbox", { name: "账号" }).fill("1234");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请输入正确的银行卡号（12–30 位数字）")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "真实姓名" })).toHaveValue("王五");
  await page.getByRole("textbox", { name: "账号" }).fill("6225 8801 2345 6789");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/member\/account_list$/);
  await expect(page.getByText("提现账户已保存")).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("6225 **** 6789");
  await expect(cards(page).first().getByText("默认", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "添加提现账户" }).click();
  await page.getByRole("combobox", { name: "账户类型" }).selectOption("alipay");
  await page.getByRole("textbox", { name: "真实姓名" }).fill("王五");
  await page.getByRole("textbox", { name: "手机号码" }).fill("13700137000");
  await page.getByRole("textbox", { name: "账号" }).fill("wangwu@example.com");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/member\/account_list$/);
  // The newest account becomes the default.
  const alipay = cards(page).filter({ hasText: "支付宝" });
  await expect(alipay.getByText("默认", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "设为默认：6225 **** 6789" }).click();
  await expect(page.getByText("已设为默认提现账户")).toBeVisible();
  await expect(cards(page).filter({ hasText: "银行卡" }).getByText("默认", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "编辑：6225 **** 6789" }).click();
  await expect(page.getByRole("textbox", { name: "开户银行" })).toHaveValue("招商银行北京分行");
  await page.getByRole("textbox", { name: "开户银行" }).fill("招商银行上海分行");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(cards(page).filter({ hasText: "银行卡" })).toContainText("招商银行上海分行");

  await page.getByRole("link", { name: "删除：wang **** .com" }).click();
  await expect(page.getByText("确定删除提现账户 wang **** .com 吗？")).toBeVisible();
  await page.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("提现账户已删除")).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
});

test("withdrawal: the amount is checked first, then applied (money frozen), approved and paid by the shop", async ({ page }) => {
  const member = await freshMember(page, { balance_money: 300 });
  await seedAccount(member.member_id);
  await gotoSettled(page, "/member/apply_withdrawal");
  await expect(page.getByText("¥300.00")).toBeVisible();
  const amount = page.getByRole("textbox", { name: "提现金额（元）" });
  const submit = () => page.getByRole("button", { name: "申请提现" }).click();

  await amount.fill("9.99");
  await submit();
  await expect(page.getByRole("alert")).toHaveText("提现金额不能小于最低提现额度 10.00");
  await expect(amount).toHaveValue("9.99");
  await amount.fill("300.01");
  await submit();
  await expect(page.getByRole("alert")).toHaveText("提现金额不能大于可提现金额");

  // "Withdraw all" fills in the whole cash balance (a link: works without JS).
  await page.getByRole("link", { name: "全部提现" }).click();
  await expect(amount).toHaveValue("300.00");
  await amount.fill("100");
  await submit();
  // The upstream answers no id (data ""): the records, as the PC goes there, with the new one first.
  await expect(page).toHaveURL(/\/member\/withdrawal$/);
  await expect(page.getByText("提现申请已提交，请等待审核")).toBeVisible();
  await expect(page.getByRole("table", { name: "提现记录" })).toContainText("待审核");
  await page.getByRole("link", { name: /提现详情/ }).click();
  await expect(page.getByText("待审核", { exact: true })).toBeVisible();
  await expect(page.getByText("¥1.00（1.00%）")).toBeVisible();
  await expect(page.getByText("¥99.00")).toBeVisible();
  const id = await newestWithdrawal(member.username);

  await gotoSettled(page, "/member/account");
  // Cash left 200, 100 frozen until the shop pays it out.
  await expect(page.getByTestId("account-summary")).toContainText("现金余额（可提现）¥200.00提现中（冻结）¥100.00");
  await expect(page.getByRole("table", { name: "余额明细" })).toContainText("-100.00");

  await testApi.post("/__test/withdraw/review", { id, action: "approve" });
  await testApi.post("/__test/withdraw/review", { id, action: "pay" });
  await gotoSettled(page, "/member/account");
  await expect(page.getByTestId("account-summary")).toContainText("现金余额（可提现）¥200.00提现中（冻结）¥0.00");
  await gotoSettled(page, "/member/withdrawal");
  await expect(page.getByRole("table", { name: "提现记录" })).toContainText("已转账");
  await page.getByRole("link", { name: /提现详情/ }).click();
  const timeline = page.getByRole("list", { name: "提现进度" });
  await expect(timeline.getByRole("listitem")).toHaveText([/提交申请/, /审核通过/, /已转账/]);
});

test("a refused withdrawal shows the reason and gives the money back", async ({ page }) => {
  const member = await freshMember(page, { balance_money: 50 });
  await seedAccount(member.member_id);
  await gotoSettled(page, "/member/apply_withdrawal");
  await page.getByRole("textbox", { name: "提现金额（元）" }).fill("50");
  await page.getByRole("button", { name: "申请提现" }).click();
  await expect(page).toHaveURL(/\/member\/withdrawal$/);
  const id = await newestWithdrawal(member.username);
  await testApi.post("/__test/withdraw/review", { id, action: "refuse", reason: "账户名与实名不符" });
  await gotoSettled(page, `/member/withdrawal_detail?id=${id}`);
  await expect(page.getByRole("alert")).toHaveText("提现被拒绝：账户名与实名不符");
  const state = await testApi.get<{ member: { balance_money: number; balance_withdraw_apply: number } }>(`/__test/withdraw?username=${member.username}`);
  expect(state.member).toMatchObject({ balance_money: 50, balance_withdraw_apply: 0 });
});

test("a withdrawal form sent again (a retry after a time-out, a second click) is applied once", async ({ page }) => {
  test.slow(); // a fresh member, an account and three scanned pages
  const member = await freshMember(page, { balance_money: 300 });
  const accountId = await seedAccount(member.member_id);
  await gotoSettled(page, "/member/apply_withdrawal");
  // The very form the page rendered, posted twice as a browser retry would (same fields, the page's cookies).
  const formId = await page.locator('input[name="form_id"]').inputValue();
  const post = () =>
    page.request.post(`${BFF_URL}/member/apply_withdrawal`, {
      form: { account_id: String(accountId), apply_money: "100", form_id: formId },
      headers: { Origin: BFF_URL },
      maxRedirects: 0,
    });
  const first = await post();
  const second = await post();
  expect([first.status(), first.headers().location]).toEqual([303, "/member/withdrawal"]);
  expect([second.status(), second.headers().location]).toEqual([303, "/member/withdrawal"]);
  const state = await testApi.get<{ member: { balance_money: number }; rows: unknown[] }>(`/__test/withdraw?username=${member.username}`);
  expect(state.rows).toHaveLength(1);
  expect(state.member.balance_money).toBe(200);
  // The second answer's toast says why nothing more happened. Read from the document the server
  // renders: with JS the toast dismisses itself after 4 s, which a loaded machine can spend before
  // the page has settled and been scanned.
  const records = await page.request.get(`${BFF_URL}/member/withdrawal`);
  expect(await records.text()).toContain("该提现申请已提交过，请在提现记录中查看，无需重复提交。");
  await gotoSettled(page, "/member/withdrawal");
  await expect(page.getByRole("table", { name: "提现记录" })).toContainText("待审核");
});

test("withdrawal without an account; another member's ids are refused", async ({ page, request }) => {
  const member = await freshMember(page, { balance_money: 100 });
  await gotoSettled(page, "/member/apply_withdrawal");
  await expect(page.getByText("请先添加提现方式")).toBeVisible();
  await page.getByRole("link", { name: "添加提现账户" }).click();
  await expect(page).toHaveURL(/\/member\/account_edit\?redirect=%2Fmember%2Fapply_withdrawal$/);

  // Another member's account and withdrawal.
  const other = await testApi.createMember();
  await testApi.post("/__test/member/balance", { username: other.username, balance_money: 100 });
  const foreignAccount = await seedAccount(other.member_id);
  await upstreamCall("/api/memberwithdraw/apply", {
    token: await tokenOf(other.member_id),
    apply_money: "20",
    transfer_type: "bank",
    realname: "他人",
    mobile: "13700137000",
    bank_name: "某银行",
    account_number: "6225880123456789",
  });
  const detail = await page.goto(`/member/withdrawal_detail?id=${await newestWithdrawal(other.username)}`);
  expect(detail?.status()).toBe(404);
  expect((await page.goto(`/member/account_edit?id=${foreignAccount}`))?.status()).toBe(404);

  // A crafted post with the other member's account: 400, nothing applied (cookies of this page's member).
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const answer = await request.post(`${BFF_URL}/member/apply_withdrawal`, {
    form: { account_id: String(foreignAccount), apply_money: "20", form_id: randomUUID() },
    headers: { Cookie: cookies, Origin: BFF_URL },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(400);
  const mine = await testApi.get<{ rows: unknown[] }>(`/__test/withdraw?username=${member.username}`);
  expect(mine.rows).toHaveLength(0);
  // Withdrawal turned off by the shop: withdraw-config.switch.spec.ts (a global switch).
});

test("recharge a package at the cashier: the stored value goes up and the recharge is listed", async ({ page }) => {
  await freshMember(page);
  await gotoSettled(page, "/member/recharge_list");
  await page.getByRole("link", { name: "立即充值：充 500 送 20" }).click();
  await expect(page).toHaveURL(/\/member\/recharge_order\?recharge_id=1$/);
  await expect(page.getByText("¥520.00")).toBeVisible();
  await page.getByRole("button", { name: "去支付" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+$/);
  await page.getByRole("button", { name: "支付宝" }).click();
  if (!withJs()) await page.getByTestId("gateway-link").click();
  await page.getByRole("button", { name: /支付成功/ }).click();
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");

  await gotoSettled(page, "/member/account");
  await expect(page.getByRole("table", { name: "余额明细" })).toContainText("+520.00");
  await expect(page.getByTestId("account-summary")).toContainText("可用余额¥520.00储值余额（不可提现）¥520.00");
  await gotoSettled(page, "/member/recharge_list");
  await page.getByRole("link", { name: /充值详情/ }).click();
  await expect(page.getByText("已支付")).toBeVisible();
  await expect(page.getByText("50 积分，50 成长值")).toBeVisible();
});

test("recharge any amount; a bad amount and an unknown package are refused", async ({ page }) => {
  await freshMember(page);
  await gotoSettled(page, "/member/recharge_list");
  await page.getByRole("textbox", { name: "充值金额（元）" }).fill("88.8");
  await page.getByRole("button", { name: "充值", exact: true }).click();
  await expect(page).toHaveURL(/\/member\/recharge_order\?face_value=88\.8$/);
  await expect(page.getByText("自定义金额")).toBeVisible();
  await page.getByRole("button", { name: "去支付" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+$/);

  const bad = await page.goto("/member/recharge_order?face_value=1.234");
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("充值金额须在 0.01 至 100000 元之间，最多两位小数")).toBeVisible();
  expect((await page.goto("/member/recharge_order?recharge_id=999"))?.status()).toBe(404);
});
