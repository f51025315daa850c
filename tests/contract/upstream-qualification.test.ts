import { beforeAll, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { registerWithUsername } from "~/upstream/auth.server";
import { findGoodsDetail } from "~/upstream/goods-detail.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import {
  deleteQualificationImage,
  getMemberQualifications,
  getQualificationConfig,
  listShopCertificates,
  uploadQualification,
  uploadRegistrationQualification,
} from "~/upstream/qualification.server";
import { qualificationState } from "~/domain/qualification";
import { useLiveShopApi } from "../support/bff-environment";

/** app/upstream/qualification.server.ts against the reference shop API (docs/qualifications.md). */

const live = useLiveShopApi();
let shop: TestShopApi;
let ctx: UpstreamContext;
let username: string;

/** Goods 华法林钠片 (seed): hospitals (label 4) need 医疗机构执业许可证 (aptitude 4) to buy it. */
const CONTROLLED_SKU_NAME = "华法林钠片";
const HOSPITAL = 4;
const LICENCE = 4;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (name = "licence.png") => new File([PNG], name, { type: "image/png" });
const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;

async function controlledSkuId(): Promise<number> {
  const rules = (await shop.testApi<{ sku_id: number; goods_name: string; member_label: number }[]>("/__test/qualification/goods")).body;
  return rules.find((rule) => rule.goods_name.startsWith(CONTROLLED_SKU_NAME) && rule.member_label === HOSPITAL)!.sku_id;
}

beforeAll(async () => {
  shop = live.shop;
  const made = (await shop.testApi("/__test/member", {})).body as { username: string; password: string };
  username = made.username;
  await shop.testApi("/__test/qualification/label", { username, label: HOSPITAL });
  ctx = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(made.username, made.password), member: "required" };
});

test("config: the types of a business type, and the caller's own", async () => {
  const hospital = await getQualificationConfig({ ...ctx, token: null }, HOSPITAL);
  expect(hospital).toMatchObject({ member_label: HOSPITAL, member_label_name: "医院" });
  expect(hospital!.list.map((type) => type.name)).toEqual(["营业执照", "医疗机构执业许可证", "采购委托书"]);
  expect(hospital!.list[0]).toMatchObject({ is_must: true, need_expire: false });
  expect((await getQualificationConfig(ctx))!.member_label).toBe(HOSPITAL);
  await expect(getQualificationConfig(ctx, 999)).rejects.toMatchObject({ upstreamMessage: "会员类型不存在" });
});

test("upload → pending → rejected with reason → re-upload → approved; the controlled goods becomes buyable", async () => {
  const skuId = await controlledSkuId();
  const before = await findGoodsDetail(ctx, skuId);
  expect(before!.sale_control).toMatchObject({ is_member_by: false, qualification: { id: LICENCE, name: "医疗机构执业许可证", status: "missing" } });

  const first = await uploadQualification(ctx, { aptitudeId: LICENCE, expireDate: nextYear }, png());
  expect(first.pic_path).toMatch(/^upload\/qualification\/\d{8}\/[0-9a-f]{24}\.png$/);
  // A second image joins the pending submission.
  const second = await uploadQualification(ctx, { aptitudeId: LICENCE, expireDate: nextYear, id: first.id }, png());
  expect(second.id).toBe(first.id);
  let mine = (await getMemberQualifications(ctx))!;
  let licence = mine.list.find((type) => type.id === LICENCE)!;
  expect(licence.current).toMatchObject({ id: first.id, status: 0, expire_date: nextYear, images: [first.pic_path, second.pic_path] });
  expect(qualificationState(licence, mine.today)).toBe("pending");
  expect((await findGoodsDetail(ctx, skuId))!.sale_control?.qualification?.status).toBe("pending");
  const served = await fetch(`${shop.url}/${first.pic_path}`);
  expect(served.headers.get("content-type")).toBe("image/png");

  await deleteQualificationImage(ctx, first.id, second.pic_path);
  expect((await getMemberQualifications(ctx))!.list.find((type) => type.id === LICENCE)!.current!.images).toEqual([first.pic_path]);

  expect((await shop.testApi("/__test/qualification/review", { id: first.id, action: "reject", reason: "证照模糊" })).status).toBe(200);
  mine = (await getMemberQualifications(ctx))!;
  licence = mine.list.find((type) => type.id === LICENCE)!;
  expect(licence.current).toMatchObject({ status: -1, reason: "证照模糊" });
  expect(qualificationState(licence, mine.today)).toBe("rejected");
  // A reviewed submission takes no more images and cannot be edited.
  await expect(uploadQualification(ctx, { aptitudeId: LICENCE, expireDate: nextYear, id: first.id }, png())).rejects.toMatchObject({
    upstreamMessage: "资质记录不存在",
  });
  await expect(deleteQualificationImage(ctx, first.id, first.pic_path)).rejects.toMatchObject({ upstreamMessage: "只能修改待审核的资质" });

  const again = await uploadQualification(ctx, { aptitudeId: LICENCE, expireDate: nextYear }, png());
  expect(again.id).not.toBe(first.id);
  expect((await shop.testApi("/__test/qualification/review", { id: again.id, action: "approve" })).status).toBe(200);
  mine = (await getMemberQualifications(ctx))!;
  licence = mine.list.find((type) => type.id === LICENCE)!;
  expect(licence.approved).toMatchObject({ id: again.id, status: 1 });
  expect(qualificationState(licence, mine.today)).toBe("approved");
  expect((await findGoodsDetail(ctx, skuId))!.sale_control).toBeNull();
});

test("bad uploads are refused: unknown type, not an image, bad or past date, another member's submission", async () => {
  await expect(uploadQualification(ctx, { aptitudeId: 2, expireDate: nextYear }, png())).rejects.toMatchObject({ upstreamMessage: "资质类型不存在" });
  await expect(uploadQualification(ctx, { aptitudeId: 999, expireDate: nextYear }, png())).rejects.toBeInstanceOf(UpstreamError);
  const text = new File([new TextEncoder().encode("not an image")], "a.png", { type: "image/png" });
  await expect(uploadQualification(ctx, { aptitudeId: 5, expireDate: nextYear }, text)).rejects.toMatchObject({ upstreamMessage: "请上传图片文件" });
  await expect(uploadQualification(ctx, { aptitudeId: 5, expireDate: "2030-02-31" }, png())).rejects.toMatchObject({ upstreamMessage: "有效期格式不正确" });
  await expect(uploadQualification(ctx, { aptitudeId: 5, expireDate: "2001-01-01" }, png())).rejects.toMatchObject({ upstreamMessage: "资质已过有效期" });
  await expect(uploadQualification(ctx, { aptitudeId: 5, expireDate: "" }, png())).rejects.toMatchObject({ upstreamMessage: "请填写资质有效期" });

  const other = (await shop.testApi("/__test/member", {})).body as { username: string; password: string };
  await shop.testApi("/__test/qualification/label", { username: other.username, label: HOSPITAL });
  const otherCtx = { ...ctx, token: await shop.login(other.username, other.password) };
  const theirs = await uploadQualification(otherCtx, { aptitudeId: 1, expireDate: "" }, png());
  await expect(uploadQualification(ctx, { aptitudeId: 1, expireDate: "", id: theirs.id }, png())).rejects.toMatchObject({ upstreamMessage: "资质记录不存在" });
  await expect(deleteQualificationImage(ctx, theirs.id, theirs.pic_path)).rejects.toMatchObject({ upstreamMessage: "资质记录不存在" });
  expect((await getMemberQualifications(otherCtx))!.list.find((type) => type.id === 1)!.current!.images).toEqual([theirs.pic_path]);
});

test("registration: images uploaded before sign-up become pending submissions of the new member", async () => {
  const visitor = { baseUrl: shop.url, timeoutMs: 10_000 } as UpstreamContext;
  const path = await uploadRegistrationQualification(visitor, png());
  const captcha = await shop.captcha();
  const name = `q${Date.now().toString(36)}`;
  const { token } = await registerWithUsername(visitor, {
    username: name,
    password: "test123456",
    captcha_id: captcha.id,
    captcha_code: captcha.code,
    member_label: HOSPITAL,
    qualifications_images: JSON.stringify({ [LICENCE]: path, 2: path }),
  });
  const mine = (await getMemberQualifications({ ...visitor, token, member: "required" }))!;
  expect(mine.list.find((type) => type.id === LICENCE)!.current).toMatchObject({ status: 0, images: [path] });
  // A claimed path cannot be claimed again (another sign-up sending it gets nothing).
  expect(mine.list.filter((type) => type.current).length).toBe(1);
});

test("the shop's certificates: name, number, issuer, validity and images", async () => {
  const certificates = (await listShopCertificates(ctx))!;
  expect(certificates.map((cert) => cert.name)).toContain("药品经营许可证");
  expect(certificates[0]).toMatchObject({ cert_no: expect.any(String), issuer: expect.any(String), start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(certificates[0]!.images[0]).toMatch(/^upload\/certificate\//);
});
