import { expect, test } from "./fixtures";
import { logIn, testApi, upstreamCall } from "./support";

/**
 * Verification by staff (docs/verification.md), JS on and off: a verifier looks a paid pickup
 * order's code up, confirms (a page state, no JS needed) and verifies it; the order is received;
 * the history and the detail show it; a second use and an unknown code are refused with our
 * message and a 4xx; a normal member is sent to the member centre; a visitor to login.
 */

type Member = { member_id: number; username: string; password: string };

/** A buyer's pickup order of sku 5, created and paid with the balance through the shop API. */
async function paidPickupOrder(): Promise<{ buyer: Member; orderId: number; code: string }> {
  const buyer = await testApi.createMember();
  await testApi.post("/__test/member/balance", { member_id: buyer.member_id, balance: 100, pay_password: "123456" });
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: buyer.member_id });
  const payment = await upstreamCall<{ order_key: string }>("/api/ordercreate/payment", { token, sku_id: 5, num: 1 });
  const outTradeNo = await upstreamCall<string>("/api/ordercreate/create", {
    token,
    order_key: payment.order_key,
    delivery: JSON.stringify({ delivery_type: "store", store_id: 1 }),
  });
  await upstreamCall("/api/pay/pay", { token, out_trade_no: outTradeNo, pay_type: "balance", pay_password: "123456" });
  const [order] = await orderRows(buyer);
  expect(order).toMatchObject({ order_type: 2, order_status: 2 });
  return { buyer, orderId: order.order_id, code: order.delivery_code };
}

function orderRows(member: Member) {
  return testApi.get<Array<{ order_id: number; order_type: number; order_status: number; delivery_code: string }>>(
    `/__test/orders?member_id=${member.member_id}`,
  );
}

async function verifier(): Promise<Member> {
  const member = await testApi.createMember();
  await testApi.post("/__test/verifier", { member_id: member.member_id });
  return member;
}

test("a verifier verifies a pickup code: the order is received, the history and detail show it, a second use is refused", async ({ page }) => {
  const { buyer, orderId, code } = await paidPickupOrder();
  const staff = await verifier();
  await logIn(page, staff.username, staff.password, "/member/verification");
  await expect(page).toHaveURL(/\/member\/verification$/);

  // Typed (or scanned: the scanner types into the same box) with a trailing space.
  const box = page.getByRole("textbox", { name: "核销码" });
  await expect(box).toHaveAttribute("autocomplete", "off");
  await box.fill(`${code} `);
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(new RegExp(`verify_code=${code}`));
  await expect(page.getByTestId("verify-state")).toHaveText("待核销");
  await expect(page.getByText("订单自提")).toBeVisible();

  await page.getByRole("link", { name: "核销", exact: true }).click();
  await expect(page).toHaveURL(/confirm=1/);
  await expect(page.getByText(`确定核销核销码 ${code} 吗？`)).toBeVisible();
  await page.getByRole("button", { name: "确认核销" }).click();

  await expect(page).toHaveURL(new RegExp(`/member/verification_detail\\?verify_code=${code}$`));
  await expect(page.getByText("核销成功")).toBeVisible();
  await expect(page.getByTestId("verify-state")).toHaveText("已核销");
  expect((await orderRows(buyer)).find((order) => order.order_id === orderId)?.order_status).toBe(4);

  // The history: all, then by kind (tabs are links).
  await page.goto("/member/verification_list");
  await expect(page.getByRole("link", { name: `核销码 ${code} 的详情` })).toBeVisible();
  await page.getByRole("navigation", { name: "核销类型" }).getByRole("link", { name: "虚拟商品" }).click();
  await expect(page.getByText("暂无核销记录")).toBeVisible();
  await page.getByRole("navigation", { name: "核销类型" }).getByRole("link", { name: "订单自提" }).click();
  await expect(page).toHaveURL(/type=pickup/);
  await page.getByRole("link", { name: `核销码 ${code} 的详情` }).click();
  await expect(page.getByTestId("verify-code")).toHaveText(code);

  // Used: the desk offers no verification, and a replayed POST is refused with our message.
  await page.goto(`/member/verification?verify_code=${code}&confirm=1`);
  await expect(page.getByText("该核销码已核销，不能再次核销。")).toBeVisible();
  await expect(page.getByRole("button", { name: "确认核销" })).toHaveCount(0);
  const replay = await page.request.post(`/member/verification?verify_code=${code}`, { form: { intent: "verify", verify_code: code } });
  expect(replay.status()).toBe(409);
  expect(await replay.text()).toContain("该核销码已核销，不能重复核销");
});

test("a virtual code of two uses: the first use leaves it waiting, the second uses it up", async ({ page }) => {
  const buyer = await testApi.createMember();
  const made = await testApi.post<{ order_id: number; codes: string[] }>("/__test/verify/virtual-order", { member_id: buyer.member_id, total_verify_num: 2 });
  const [code] = made.codes;
  const staff = await verifier();
  await logIn(page, staff.username, staff.password, `/member/verification?verify_code=${code}`);
  await expect(page.getByText("虚拟商品")).toBeVisible();
  await expect(page.getByText("0 / 2")).toBeVisible();

  for (const [uses, state] of [
    ["1 / 2", "待核销"],
    ["2 / 2", "已核销"],
  ]) {
    await page.goto(`/member/verification?verify_code=${code}&confirm=1`);
    await page.getByRole("button", { name: "确认核销" }).click();
    await expect(page).toHaveURL(/\/member\/verification_detail\?/);
    await expect(page.getByTestId("verify-state")).toHaveText(state);
    await expect(page.getByText(uses)).toBeVisible();
  }
  const [order] = await testApi.get<Array<{ order_id: number; order_status: number }>>(`/__test/orders?member_id=${buyer.member_id}`);
  expect(order).toMatchObject({ order_id: made.order_id, order_status: 12 });
});

test("an unknown or malformed code is refused with a message and a 4xx", async ({ page }) => {
  const staff = await verifier();
  await logIn(page, staff.username, staff.password);
  await expect(page).toHaveURL(/\/member\/index$/);

  const unknown = await page.goto("/member/verification?verify_code=000000000000");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId("verify-error")).toHaveText("核销码不存在，请检查后重新输入");
  const malformed = await page.goto("/member/verification?verify_code=%3Cscript%3E");
  expect(malformed?.status()).toBe(400);
  await expect(page.getByTestId("verify-error")).toHaveText("核销码格式不正确（4–32 位字母或数字）");

  // Through the form as well.
  await page.getByRole("textbox", { name: "核销码" }).fill("999999999999");
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page.getByTestId("verify-error")).toHaveText("核销码不存在，请检查后重新输入");
  const detail = await page.goto("/member/verification_detail?verify_code=999999999999");
  expect(detail?.status()).toBe(404);
});

test.describe("who may use it", () => {
  // The member centre's toast leaves after 4 s with JS; the scan after goto would outlast it.
  test.use({ axeAfterGoto: false });

  test("a member who is not a verifier is sent to the member centre with a message", async ({ page }) => {
    const member = await testApi.createMember();
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);
    await page.goto("/member/verification_list");
    await expect(page).toHaveURL(/\/member\/index$/);
    await expect(page.getByRole("alert").filter({ hasText: "您不是核销员，无法使用核销功能" })).toBeVisible();
    // A posted verification is turned away the same way, before anything is read or changed.
    const post = await page.request.post("/member/verification", { form: { intent: "verify", verify_code: "12345678" }, maxRedirects: 0 });
    expect(post.status()).toBe(303);
    expect(post.headers().location).toBe("/member/index");
  });

  test("a visitor is sent to log in first", async ({ page }) => {
    await page.goto("/member/verification_detail?verify_code=12345678");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmember%2Fverification_detail%3Fverify_code%3D12345678$/);
  });
});
