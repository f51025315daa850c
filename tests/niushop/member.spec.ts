import { z } from "zod";
import { expect, gotoSettled, test } from "./fixtures";
import { suite } from "./state";
import { accountOf, logIn, register, tokenOf, yuan } from "./support";
import { CentsSchema, IntSchema, memberAccount, type Upstream } from "./upstream";

/**
 * The member centre: every page answers, and every form a member fills in on this upstream
 * (withdrawal accounts, a withdrawal, a recharge, the personal data, coupons, the daily sign-in,
 * follows and footprints). Forms that move the project member's money use it; the others register
 * a member of their own, so that a rerun finds the same starting point (a coupon has a per-member
 * limit, a sign-in is once a day).
 */

const MEMBER_PAGES = [
  "/member/index",
  "/member/info",
  "/member/security",
  "/member/delivery_address",
  "/member/order_list",
  "/member/activist",
  "/member/account",
  "/member/my_point",
  "/member/my_coupon",
  "/member/collection",
  "/member/footprint",
  "/member/level",
  "/member/signin",
  "/member/withdrawal",
  "/member/account_list",
  "/member/apply_withdrawal",
  "/member/recharge_list",
];

test("every member page answers with its page", async ({ page, member }) => {
  test.info().annotations.push({ type: "issue 28", description: "failure 4: /member/account and /member/my_point (fromtype has no envelope)" });
  await logIn(page, member);
  const failed: string[] = [];
  for (const path of MEMBER_PAGES) {
    const response = await page.goto(path);
    const status = response?.status() ?? 0;
    if (status >= 400) failed.push(`${path} → ${status}`);
    else await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  }
  expect(failed, "member pages that did not answer with their page").toEqual([]);
});

const BankAccountsSchema = z.object({
  list: z.array(
    z.object({ id: IntSchema, realname: z.string(), bank_account: z.string(), branch_bank_name: z.string().nullable(), is_default: IntSchema }).passthrough(),
  ),
});

async function bankAccounts(upstream: Upstream, token: string) {
  return (await upstream.call("/api/memberbankaccount/page", BankAccountsSchema, { page: 1, page_size: 50 }, token)).list;
}

test("withdrawal accounts: add a bank card and an Alipay account, edit, set the default, delete with confirmation", async ({ page, member, upstream }) => {
  const token = await tokenOf(upstream, member);
  for (const account of await bankAccounts(upstream, token)) await upstream.call("/api/memberbankaccount/delete", z.unknown(), { id: account.id }, token);

  await logIn(page, member);
  await gotoSettled(page, "/member/account_list");
  await page.getByRole("link", { name: "添加提现账户" }).click();
  await page.getByRole("combobox", { name: "账户类型" }).selectOption("bank");
  await page.getByRole("textbox", { name: "真实姓名" }).fill("王五");
  await page.getByRole("textbox", { name: "手机号码" }).fill("13700137000");
  await page.getByRole("textbox", { name: "开户银行" }).fill("招商银行杭州分行");
  await page.getByRole("textbox", { name: "账号" }).fill("6225880123456789");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/member\/account_list$/);
  await expect(page.getByText("提现账户已保存")).toBeVisible();

  await page.getByRole("link", { name: "添加提现账户" }).click();
  await page.getByRole("combobox", { name: "账户类型" }).selectOption("alipay");
  await page.getByRole("textbox", { name: "真实姓名" }).fill("王五");
  await page.getByRole("textbox", { name: "手机号码" }).fill("13700137000");
  await page.getByRole("textbox", { name: "账号" }).fill("wangwu@example.com");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/member\/account_list$/);

  // Niushop makes an edited account the default (its edit action sets is_default).
  await page.getByRole("link", { name: "编辑：6225 **** 6789" }).click();
  await page.getByRole("textbox", { name: "开户银行" }).fill("招商银行西湖支行");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/member\/account_list$/);
  const edited = (await bankAccounts(upstream, token)).find((account) => account.bank_account === "6225880123456789");
  expect(edited, "the upstream holds the edit").toMatchObject({ branch_bank_name: "招商银行西湖支行" });

  await page.getByRole("button", { name: "设为默认：wang **** .com" }).click();
  await expect(page.getByText("已设为默认提现账户")).toBeVisible();
  await page.getByRole("link", { name: "删除：6225 **** 6789" }).click();
  await page.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("提现账户已删除")).toBeVisible();

  const accounts = await bankAccounts(upstream, token);
  expect(accounts).toHaveLength(1);
  expect(accounts[0]).toMatchObject({ bank_account: "wangwu@example.com", is_default: 1 });
});

test("a withdrawal of ¥1.00 lowers the withdrawable balance by exactly that and is listed", async ({ page, member, upstream }) => {
  test.info().annotations.push({ type: "issue 28", description: 'failure 5: the withdrawal answers data "" where an id is expected' });
  const token = await tokenOf(upstream, member);
  if ((await bankAccounts(upstream, token)).length === 0) {
    await upstream.call(
      "/api/memberbankaccount/add",
      z.unknown(),
      { realname: "王五", mobile: "13700137000", withdraw_type: "bank", branch_bank_name: "招商银行杭州分行", bank_account: "6225880123456789" },
      token,
    );
  }
  const before = await memberAccount(upstream, token);
  await logIn(page, member);
  await gotoSettled(page, "/member/apply_withdrawal");
  await page.getByRole("textbox", { name: "提现金额（元）" }).fill("1");
  await page.getByRole("button", { name: "申请提现" }).click();
  // Niushop answers the application without its id: the withdrawal's own page or the list may follow.
  await expect(page).toHaveURL(/\/member\/withdrawal(_detail\?id=\d+)?$/);
  expect((await memberAccount(upstream, token)).balance_money, "the withdrawable balance went down by ¥1.00").toBe(before.balance_money - 100);

  await gotoSettled(page, "/member/withdrawal");
  await expect(page.getByRole("table", { name: "提现记录" })).toContainText("1.00");
});

test("a recharge package becomes a recharge order at the cashier", async ({ page, member, upstream }) => {
  const { recharge } = suite().data;
  test.skip(!recharge, "the upstream sells no recharge packages");
  await logIn(page, member);
  await gotoSettled(page, "/member/recharge_list");
  await page.getByRole("link", { name: `立即充值：${recharge!.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/member/recharge_order\\?recharge_id=${recharge!.rechargeId}$`));
  await page.getByRole("button", { name: "去支付" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+$/);
  // Niushop lists only paid recharges; the payment it waits for is the package's price.
  const payment = await upstream.call(
    "/api/pay/info",
    z.object({ pay_money: CentsSchema, pay_status: IntSchema }).passthrough(),
    { out_trade_no: new URL(page.url()).searchParams.get("out_trade_no") },
    await tokenOf(upstream, member),
  );
  expect(payment, "the upstream waits for the package's price").toMatchObject({ pay_money: recharge!.buyPrice, pay_status: 0 });
  await expect(page.getByTestId("pay-money")).toHaveText(yuan(recharge!.buyPrice));
});

test("personal data: the nickname and real name are saved upstream", async ({ page, calls, upstream }) => {
  const fresh = await register(page, calls);
  await gotoSettled(page, "/member/info");
  await page.getByRole("textbox", { name: "昵称" }).fill("康源大药房");
  await page.getByRole("textbox", { name: "真实姓名" }).fill("王五");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("个人信息已保存")).toBeVisible();
  const info = await upstream.call(
    "/api/member/info",
    z.object({ nickname: z.string(), realname: z.string() }).passthrough(),
    {},
    await tokenOf(upstream, fresh),
  );
  expect(info).toMatchObject({ nickname: "康源大药房", realname: "王五" });
});

test("a coupon received in the coupon centre is the member's", async ({ page, calls, upstream }) => {
  const { coupon } = suite().data;
  test.skip(!coupon, "the upstream offers no coupons");
  const fresh = await register(page, calls);
  await gotoSettled(page, "/coupon");
  await page.locator(`[aria-label="${coupon!.name}"]`).getByRole("button", { name: "立即领取" }).click();
  await expect(page.getByText("领取成功")).toBeVisible();
  await gotoSettled(page, "/member/my_coupon");
  await expect(page.getByRole("list", { name: "未使用" })).toContainText(coupon!.name);
  const owned = await upstream.call(
    "/coupon/api/coupon/memberpage",
    z.object({ list: z.array(z.object({ coupon_name: z.string() }).passthrough()) }),
    { page: 1, page_size: 20, state: 1 },
    await tokenOf(upstream, fresh),
  );
  expect(owned.list.map((row) => row.coupon_name)).toContain(coupon!.name);
});

test("the daily sign-in earns its points; the points ledger lists them", async ({ page, calls, upstream }) => {
  test.info().annotations.push({ type: "issue 28", description: "failure 4: /member/my_point (fromtype has no envelope)" });
  const fresh = await register(page, calls);
  const before = await accountOf(upstream, { ...fresh, payPassword: "" });
  await gotoSettled(page, "/member/signin");
  await page.getByRole("button", { name: "立即签到" }).click();
  await expect(page.getByText("签到成功，奖励已到账")).toBeVisible();
  await expect(page.getByRole("button", { name: "今日已签到" })).toBeDisabled();
  const after = await accountOf(upstream, { ...fresh, payPassword: "" });
  expect(after.point, "the sign-in's points reached the upstream").toBeGreaterThan(before.point);

  await gotoSettled(page, "/member/my_point");
  await expect(page.getByTestId("point-balance")).toContainText(String(after.point));
  await expect(page.getByRole("table", { name: "积分明细" })).toContainText("签到");
});

test("follow a goods, find it among the follows and footprints, unfollow it and delete the footprint", async ({ page, calls }) => {
  const { plain } = suite().data;
  await register(page, calls);
  await gotoSettled(page, `/sku-${plain.skuId}`);
  // With JS the button flips before the upstream has answered: wait for the answer.
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(`/sku-${plain.skuId}`)),
    page.getByRole("button", { name: "关注", exact: true }).click(),
  ]);
  await expect(page.getByRole("button", { name: "已关注" })).toHaveAttribute("aria-pressed", "true");

  await gotoSettled(page, "/member/collection");
  const follows = page.getByRole("list", { name: "我的关注" }).getByRole("listitem");
  await expect(follows).toHaveCount(1);
  await expect(follows.first()).toContainText(plain.name);
  await page.getByRole("button", { name: new RegExp(`^取消关注：${plain.name}`) }).click();
  await expect(page.getByText("已取消关注")).toBeVisible();
  await expect(follows).toHaveCount(0);

  await gotoSettled(page, "/member/footprint");
  const footprint = page.getByRole("button", { name: new RegExp(`^删除足迹：${plain.name}`) });
  await expect(footprint).toBeVisible();
  await footprint.click();
  await expect(page.getByText("足迹已删除")).toBeVisible();
  await expect(page.getByRole("button", { name: /^删除足迹：/ })).toHaveCount(0);
});
