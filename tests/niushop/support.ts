import type { Page } from "@playwright/test";
import { readCaptchaCode, type NiushopAdmin } from "../../scripts/niushop/admin-client";
import { signInAdmin } from "./admin";
import type { MemberAccount } from "./config";
import { expect, test, waitForHydration, withJs, type CallWatch } from "./fixtures";
import { suite } from "./state";
import { z } from "zod";
import { IntSchema, memberAccount, newestOrders, orderDetail, Upstream, type Account, type Order } from "./upstream";

/** What the journeys share: signing in, the admin's steps, the upstream's records, form helpers. */

/**
 * Signs `member` in through the login form (answering the captcha when the upstream asks for one)
 * and lands on `redirect`, the member centre by default.
 */
export async function logIn(page: Page, member: { username: string; password: string }, redirect?: string) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login");
  await page.getByRole("textbox", { name: "用户名/手机号" }).fill(member.username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill(member.password);
  if (suite().captcha.login) await page.getByLabel("验证码").fill(await captchaAnswer(page));
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(redirect ? new RegExp(`${redirect.replace(/[?.]/g, "\\$&")}$`) : /\/member\/index$/);
}

const tokens = new Map<string, string>();

/** A token of the member's own, for reading the upstream's records (a sign-in of the suite, not the browser's). */
export async function tokenOf(upstream: Upstream, member: { username: string; password: string }): Promise<string> {
  const known = tokens.get(member.username);
  if (known) return known;
  const token = await upstream.logIn(member.username, member.password);
  tokens.set(member.username, token);
  return token;
}

/** The member's balance, withdrawable balance (cents) and points, as the upstream holds them. */
export async function accountOf(upstream: Upstream, member: MemberAccount): Promise<Account> {
  return memberAccount(upstream, await tokenOf(upstream, member));
}

let admin: Promise<NiushopAdmin> | undefined;

/**
 * The shop admin, for the steps only a seller takes (shipping, agreeing to a refund). Without admin
 * credentials the journey is skipped, and the report says why.
 */
export function requireAdmin(): Promise<NiushopAdmin> {
  const { admin: account, upstreamUrl, appDir } = suite();
  test.skip(!account, "no shop admin (NIUSHOP_ADMIN): the seller's steps cannot be taken");
  admin ??= signInAdmin(upstreamUrl, account!, appDir);
  return admin;
}

/** The answer to the captcha shown on `page`, from the local upstream's file cache; skips the journey on a staging upstream. */
export async function captchaAnswer(page: Page): Promise<string> {
  const { appDir } = suite();
  test.skip(!appDir, "the upstream asks for a captcha, and only a local upstream's answers can be read");
  const id = await page.locator('input[name="captcha_id"]').first().inputValue();
  const answer = readCaptchaCode(appDir!, id);
  if (answer === null) throw new Error(`no answer in the upstream's file cache for captcha ${id}`);
  return answer;
}

/** A username no run has used: reruns on the same upstream register afresh. */
export function freshUsername(prefix = "ns") {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A mobile number no run has used (Niushop refuses a number another member has). */
export function freshMobile() {
  return `139${String(Date.now()).slice(-8)}`;
}

/** Picks a region; without JS the "next" button asks the server for the next level. */
export async function chooseRegion(page: Page, level: string, name: string, next?: string) {
  await page.getByRole("combobox", { name: level, exact: true }).selectOption({ label: name });
  if (next && !withJs()) await page.getByRole("button", { name: next }).click();
}

/** Fills the address form (the region cascade down to the district) and saves it. */
export async function fillAddress(page: Page, address: { name: string; mobile: string; province: string; city: string; district: string; detail: string }) {
  await page.getByRole("textbox", { name: "收货人" }).fill(address.name);
  await page.getByRole("textbox", { name: "手机号码" }).fill(address.mobile);
  await chooseRegion(page, "省", address.province, "选择城市");
  await chooseRegion(page, "市", address.city, "选择区/县");
  await chooseRegion(page, "区/县", address.district);
  await page.getByRole("textbox", { name: "详细地址" }).fill(address.detail);
  await page.getByRole("button", { name: "保存" }).click();
}

/** A changed choice at checkout reaches the totals: at once with JS, through "recalculate" without. */
export async function recalculate(page: Page, expectedUrl: RegExp) {
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).toHaveURL(expectedUrl);
}

/** Yuan with two decimals, as the pages write money. */
export function yuan(cents: number) {
  return `¥${(cents / 100).toFixed(2)}`;
}

const AddressPageSchema = z.object({ list: z.array(z.object({ is_default: IntSchema, type: IntSchema }).passthrough()) });
const RegionSchema = z.array(z.object({ id: IntSchema, name: z.string() }).passthrough());

/**
 * Gives the member a default delivery address when it has none, straight through the upstream as
 * Niushop's own PC client adds one: journeys about ordering need one, the address book's own journey
 * is in account.spec.ts. The PC client sends its coordinates as 0: with coordinates Niushop files the
 * address as a local-delivery one (type 2), which express checkout does not offer.
 */
export async function ensureAddress(upstream: Upstream, member: { username: string; password: string }) {
  const token = await tokenOf(upstream, member);
  const book = await upstream.call("/api/memberaddress/page", AddressPageSchema, { page: 1, page_size: 50 }, token);
  if (book.list.some((row) => row.type === 1 && row.is_default === 1)) return;
  const region = async (pid: number, name: string) => {
    const found = (await upstream.call("/api/address/lists", RegionSchema, { pid })).find((row) => row.name === name);
    if (!found) throw new Error(`the upstream has no region ${name} under ${pid}`);
    return found;
  };
  const province = await region(0, "浙江省");
  const city = await region(province.id, "杭州市");
  const district = await region(city.id, "西湖区");
  await upstream.call(
    "/api/memberaddress/add",
    z.unknown(),
    {
      name: "赵药师",
      mobile: "13800138000",
      telephone: "",
      province_id: province.id,
      city_id: city.id,
      district_id: district.id,
      community_id: "",
      address: "文三路 100 号",
      full_address: `${province.name}-${city.name}-${district.name}`,
      longitude: 0,
      latitude: 0,
      is_default: 1,
    },
    token,
  );
}

/** The member's newest order, as the upstream holds it (the one a journey just placed). */
export async function newestOrder(upstream: Upstream, member: { username: string; password: string }): Promise<Order> {
  const token = await tokenOf(upstream, member);
  const [newest] = await newestOrders(upstream, token, 1);
  if (!newest) throw new Error(`${member.username} has no order`);
  return orderDetail(upstream, token, newest.order_id);
}

/**
 * Places an order through the storefront's checkout ("buy now", express to the default address)
 * and answers it as the upstream holds it: paid with the balance and the pay password, or left
 * unpaid at the cashier.
 */
export async function placeOrder(
  page: Page,
  upstream: Upstream,
  member: MemberAccount,
  options: { skuId: number; num: number; paid: boolean },
): Promise<Order> {
  await ensureAddress(upstream, member);
  await page.goto(`/payment?sku_id=${options.skuId}&num=${options.num}`);
  await expect(page.getByTestId("checkout-address")).toBeVisible();
  if (options.paid) {
    await page.getByLabel(/使用余额/).check();
    await recalculate(page, /use_balance=1/);
    await page.getByLabel("支付密码").fill(member.payPassword);
  }
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(options.paid ? /\/result\?out_trade_no=\d+/ : /\/pay\?out_trade_no=\d+/);
  const order = await newestOrder(upstream, member);
  expect(order.pay_status, "the upstream holds the order as paid or not, as placed").toBe(options.paid ? 1 : 0);
  return order;
}

/** The password of the members journeys register. */
export const NEW_MEMBER_PASSWORD = "Suite12345";

/**
 * Registers a fresh member through /register (username and password, the captcha when the upstream
 * asks for one: the PC client's form, all a stock Niushop keeps, audit D12); the page lands on the
 * member centre. The member's calls are the journey's.
 */
export async function register(page: Page, calls: CallWatch): Promise<{ username: string; password: string }> {
  const username = freshUsername();
  calls.own(username);
  await page.goto("/register");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "用户名", exact: true }).fill(username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill(NEW_MEMBER_PASSWORD);
  await page.getByRole("textbox", { name: "确认密码" }).fill(NEW_MEMBER_PASSWORD);
  if (suite().captcha.register) await page.getByLabel("验证码").fill(await captchaAnswer(page));
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "立即注册" }).click();
  await expect(page).toHaveURL(/\/member\/index$/);
  return { username, password: NEW_MEMBER_PASSWORD };
}

/** A 4×4 PNG: the smallest real image for a payment voucher. */
const VOUCHER_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000004000000040802000000269309290000001049444154789c6338636c0c470cc47100fb" + "1313212c5dcd230000000049454e44ae426082",
  "hex",
);

/**
 * Pays the order waiting at the cashier (`/pay`) by offline transfer: the member sends a voucher,
 * the seller (shop admin) confirms it, and the cashier moves on to the result. Answers the serial.
 */
export async function payByTransfer(page: Page, admin: NiushopAdmin): Promise<string> {
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  const outTradeNo = new URL(page.url()).searchParams.get("out_trade_no")!;
  await page.getByLabel("付款凭证图片").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: VOUCHER_PNG });
  await page.getByLabel("备注").fill("已对公转账");
  await page.getByRole("button", { name: "提交付款凭证" }).click();
  await expect(page.getByTestId("voucher-status")).toContainText("等待商家审核");
  await admin.confirmOfflinePayment(outTradeNo);
  // With JS the cashier's status poll moves on by itself; without JS the member asks again.
  if (!withJs()) await page.getByRole("button", { name: "我已支付，刷新支付状态" }).click();
  await expect(page).toHaveURL(/\/result\?/);
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  return outTradeNo;
}

/**
 * A member of the journey's own with a default address, signed in on `page`: for purchases a
 * member may make only so often (a seckill's daily limit, the points mall's limit), so that reruns
 * on the same upstream start afresh.
 */
export async function freshBuyer(page: Page, upstream: Upstream, calls: CallWatch): Promise<MemberAccount> {
  const fresh = await register(page, calls);
  await ensureAddress(upstream, fresh);
  return { ...fresh, payPassword: "" };
}
