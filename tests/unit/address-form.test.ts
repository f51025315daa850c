import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { AddressFormSchema, RegionStepSchema } from "~/routes/_main.member.address_edit/schema";
import { EditPageQuerySchema } from "~/utils/member-query";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

const VALID = {
  intent: "save",
  name: "张三",
  mobile: "13800138000",
  province_id: "110000",
  city_id: "110100",
  district_id: "110101",
  address: "东华门街道 1 号",
};

function errorsOf(fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema: AddressFormSchema });
  return submission.status === "success" ? null : submission.error;
}

describe("AddressFormSchema", () => {
  test("a complete address parses, region ids as numbers, empty street as 0", () => {
    const submission = parseWithZod(form({ ...VALID, is_default: "on", community_id: "" }), { schema: AddressFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ province_id: 110000, city_id: 110100, district_id: 110101, community_id: 0, is_default: true, telephone: "" });
  });

  test.each([
    [{ name: "" }, "name", "address:errors.nameRequired"],
    [{ name: "名".repeat(21) }, "name", "address:errors.nameTooLong|max=20"],
    [{ mobile: "1380013800" }, "mobile", "address:errors.mobile"],
    [{ mobile: "23800138000" }, "mobile", "address:errors.mobile"],
    [{ mobile: "", telephone: "" }, "mobile", "address:errors.contactRequired"],
    [{ telephone: "abc" }, "telephone", "address:errors.telephone"],
    [{ province_id: "" }, "province_id", "address:errors.provinceRequired"],
    [{ city_id: "" }, "city_id", "address:errors.cityRequired"],
    [{ district_id: "11x" }, "district_id", "address:errors.badRegion"],
    [{ address: "  " }, "address", "address:errors.detailRequired"],
    [{ address: "长".repeat(100_000) }, "address", "address:errors.detailTooLong|max=100"],
  ])("%j → %s: %s", (change, field, message) => {
    expect(errorsOf({ ...VALID, ...change })?.[field]).toContain(message);
  });

  test("a landline alone is enough, and the district may be empty (the action checks it against the region data)", () => {
    expect(errorsOf({ ...VALID, mobile: "", telephone: "010-12345678", district_id: "" })).toBeNull();
  });
});

test("RegionStepSchema ignores everything but the region ids and never fails on them", () => {
  const submission = parseWithZod(form({ intent: "regions", name: "", province_id: "x", city_id: "110100" }), { schema: RegionStepSchema });
  expect(submission.status).toBe("success");
  if (submission.status === "success") expect(submission.value).toMatchObject({ province_id: 0, city_id: 110100, district_id: 0 });
});

test("EditPageQuerySchema: id is a positive integer or absent", () => {
  expect(EditPageQuerySchema.safeParse({ id: "12", redirect: "/payment?sku_id=1" }).data).toEqual({ id: 12, redirect: "/payment?sku_id=1" });
  expect(EditPageQuerySchema.safeParse({}).success).toBe(true);
  for (const id of ["0", "-1", "1.5", "abc", "99999999999"]) expect(EditPageQuerySchema.safeParse({ id }).success).toBe(false);
});
