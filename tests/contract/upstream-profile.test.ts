import sharp from "sharp";
import { beforeAll, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import {
  changePassword,
  hasPayPassword,
  sendPayPasswordCode,
  setAvatar,
  setBirthday,
  setNickname,
  setPayPassword,
  setRealname,
  setSex,
} from "~/upstream/profile.server";
import { scaleAvatar } from "~/routes/_main.member.info/avatar.server";
import { useLiveShopApi } from "../support/bff-environment";

/** The profile functions (app/upstream/profile.server.ts) against the reference shop API, and the avatar scaling. */

const live = useLiveShopApi();
let shop: TestShopApi;
let ctx: UpstreamContext;

beforeAll(async () => {
  shop = live.shop;
  const made = (await shop.testApi("/__test/member", {})).body as { username: string; password: string };
  ctx = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(made.username, made.password), member: "required" };
});

test("nickname (emoji stripped), real name, sex and birthday are saved and read back by member/info", async () => {
  await setNickname(ctx, "康源😀药房");
  await setRealname(ctx, "王五");
  await setSex(ctx, 2);
  await setBirthday(ctx, 631152000);
  expect(await getMember(ctx)).toMatchObject({ nickname: "康源药房", realname: "王五", sex: 2, birthday: 631152000 });
});

test("bad values are refused with the upstream's message", async () => {
  await expect(setNickname(ctx, "  ")).rejects.toMatchObject({ upstreamMessage: "昵称不能为空" });
  await expect(setNickname(ctx, "长".repeat(21))).rejects.toBeInstanceOf(UpstreamError);
  await expect(setSex(ctx, 3 as 0)).rejects.toBeInstanceOf(UpstreamError);
  await expect(setBirthday(ctx, Math.floor(Date.now() / 1000) + 86_400 * 10)).rejects.toBeInstanceOf(UpstreamError);
});

test("avatar: scaled to a 256×256 JPEG, uploaded, set, and served", async () => {
  const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
  const scaled = await scaleAvatar(new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
  expect(scaled?.type).toBe("image/jpeg");
  const meta = await sharp(Buffer.from(await scaled!.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 256, 256]);
  const path = await setAvatar(ctx, scaled!);
  expect(path).toMatch(/^upload\/headimg\/\d{8}\/[0-9a-f]{24}\.jpg$/);
  expect((await getMember(ctx)).headimg).toBe(path);
  const served = await fetch(`${shop.url}/${path}`);
  expect(served.headers.get("content-type")).toBe("image/jpeg");
});

test("avatar: bytes that do not decode are not scaled; a foreign or made-up path is refused", async () => {
  expect(await scaleAvatar(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], "x.png"))).toBeNull();
  const answer = await shop.call("/api/member/modifyheadimg", { token: ctx.token, headimg: "upload/common/someone-else.png" });
  expect(answer).toMatchObject({ code: -1, message: "头像不存在，请重新上传" });
});

test("password: the old one must be right and the new one follow the rules; then it logs in", async () => {
  const made = (await shop.testApi("/__test/member", { password: "old123456" })).body as { username: string };
  const member: UpstreamContext = { ...ctx, token: await shop.login(made.username, "old123456") };
  await expect(changePassword(member, "nope12345", "new123456")).rejects.toMatchObject({ upstreamMessage: "原密码不正确" });
  await expect(changePassword(member, "old123456", "123")).rejects.toMatchObject({ upstreamMessage: "密码长度不能小于6位" });
  await changePassword(member, "old123456", "new123456");
  expect(await shop.login(made.username, "new123456")).toMatch(/.+/);
});

test("pay password: an SMS code to the bound mobile, then 6 digits; a wrong code or a bad password is refused", async () => {
  const made = (await shop.testApi("/__test/member", {})).body as { username: string; password: string; mobile: string };
  const member: UpstreamContext = { ...ctx, token: await shop.login(made.username, made.password) };
  expect(await hasPayPassword(member)).toBe(false);
  const key = await sendPayPasswordCode(member);
  const code = ((await shop.testApi(`/__test/sms?mobile=${made.mobile}`)).body as { code: string }).code;
  await expect(setPayPassword(member, { key, code: code === "0000" ? "1111" : "0000", password: "246810" })).rejects.toMatchObject({
    upstreamMessage: "验证码不正确",
  });
  await expect(setPayPassword(member, { key, code, password: "12ab56" })).rejects.toMatchObject({ upstreamMessage: "支付密码须为6位数字" });
  await setPayPassword(member, { key, code, password: "246810" });
  expect(await hasPayPassword(member)).toBe(true);
  // The key is used up.
  await expect(setPayPassword(member, { key, code, password: "135790" })).rejects.toBeInstanceOf(UpstreamError);

  const noMobile = (await shop.testApi("/__test/member", { mobile: "" })).body as { username: string; password: string };
  const other: UpstreamContext = { ...ctx, token: await shop.login(noMobile.username, noMobile.password) };
  await expect(sendPayPasswordCode(other)).rejects.toMatchObject({ upstreamMessage: "请先绑定手机号" });
});
