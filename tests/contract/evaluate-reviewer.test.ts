import { beforeAll, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { commitToken } from "~/session/session.server";
import { action as evaluateAction } from "~/routes/_main.evaluate/route";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The name, avatar and order number under a review (audit D13): Niushop 5.5.2 stores what the
 * client sends with /api/goodsevaluate/add and looks none of them up, and so does the reference
 * shop API. The evaluate page's action must send the member's nickname and avatar, as the PC does.
 */

const live = useLiveShopApi();
let shop: TestShopApi;

beforeAll(() => {
  shop = live.shop;
});

type Review = { member_name: string; member_headimg: string; order_no: string; content: string; is_anonymous: number };

async function receivedOrder(username: string, memberId: number, token: string) {
  const created = (await shop.testApi<{ order_id: number }>("/__test/order/create", { username, kind: "express", lines: [{ sku_id: 5, num: 1 }], paid: true }))
    .body;
  await shop.testApi("/__test/order/ship", { order_id: created.order_id });
  await shop.call("/api/order/takedelivery", { order_id: created.order_id, token });
  const orders = (await shop.testApi<Array<{ order_id: number; order_no: string; member_id: number }>>(`/__test/orders?username=${username}`)).body;
  const order = orders.find((row) => row.order_id === created.order_id)!;
  expect(order.member_id).toBe(memberId);
  return order;
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

/** Uploads an avatar and makes it the member's, as /member/info does. */
async function setAvatar(token: string): Promise<string> {
  const form = new FormData();
  form.append("token", token);
  form.append("app_type", "pc");
  form.append("file", new Blob([PNG], { type: "image/png" }), "me.png");
  const uploaded = (await (await fetch(`${shop.url}/api/upload/headimg`, { method: "POST", body: form })).json()) as { data: { pic_path: string } };
  const answer = await shop.call("/api/member/modifyheadimg", { token, headimg: uploaded.data.pic_path });
  expect(answer.code).toBe(0);
  return uploaded.data.pic_path;
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`http://shop.test${path}`, { method: "POST", headers: { Cookie: cookie }, body });
}

test("a review is stored under the member's nickname and avatar and the order's number", async () => {
  const member = (await shop.testApi<{ member_id: number; username: string; password: string }>("/__test/member", { nickname: "康源药房采购" })).body;
  const token = await shop.login(member.username, member.password);
  const avatar = await setAvatar(token);
  const order = await receivedOrder(member.username, member.member_id, token);
  const lines = (
    (await shop.call("/api/order/evluateinfo", { token, order_id: order.order_id })).data as { list: Array<{ order_goods_id: number; goods_id: number }> }
  ).list;

  const cookie = (await commitToken(new Request("http://shop.test/login"), {}, token, { newSignIn: true })).split(";")[0]!;
  const words = `包装完好 ${member.username}`;
  const fields: Record<string, string> = { intent: "submit" };
  for (const line of lines)
    Object.assign(fields, { [`scores_${line.order_goods_id}`]: "5", [`content_${line.order_goods_id}`]: words, [`images_${line.order_goods_id}`]: "" });
  const answer = await evaluateAction({ request: post(`/evaluate?order_id=${order.order_id}`, cookie, fields), params: {}, context: {} });
  expect((answer as Response).status).toBe(303);

  const page = (await shop.call("/api/goodsevaluate/page", { goods_id: lines[0]!.goods_id, page: 1, page_size: 50 })).data as { list: Review[] };
  const review = page.list.find((row) => row.content === words);
  expect(review).toMatchObject({ member_name: "康源药房采购", member_headimg: avatar, order_no: order.order_no, is_anonymous: 0 });
});
