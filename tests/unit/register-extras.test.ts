import { describe, expect, test } from "vitest";
import { missingExtras } from "~/routes/_auth.register/extras.server";
import { usernameRegisterSchema, uploadedImages } from "~/routes/_auth.register/schema";
import type { RegionChoices } from "~/upstream/address.server";

// Registration's business fields (docs/member-centre.md "Registration").

describe("uploadedImages", () => {
  test("keeps the qual_<id> paths, drops bad names, bad paths and duplicates", () => {
    const form = new FormData();
    form.append("qual_1", "upload/qualification/a.png,upload/qualification/b.png");
    form.append("qual_1", "upload/qualification/a.png");
    form.append("qual_2", "../etc/passwd");
    form.append("qual_3", "a b.png");
    form.append("qual_x", "upload/c.png");
    form.append("file_4", new File(["x"], "x.png"));
    expect(uploadedImages(form)).toEqual({ 1: ["upload/qualification/a.png", "upload/qualification/b.png"] });
  });
});

const BEIJING: RegionChoices = {
  ids: { province_id: 110000, city_id: 110100, district_id: 110101, community_id: 0 },
  options: { provinces: [{ id: 110000, name: "北京市" }], cities: [{ id: 110100, name: "北京市" }], districts: [{ id: 110101, name: "东城区" }], streets: [] },
  names: ["北京市", "北京市", "东城区"],
};
const TYPES = [
  { id: 1, name: "营业执照", isMust: true, maxImages: 3 },
  { id: 3, name: "GSP证书", isMust: false, maxImages: 3 },
];
const image = { path: "upload/a.png", url: "/media/upload/a.png" };

describe("missingExtras", () => {
  test("a complete registration has nothing missing", () => {
    expect(missingExtras({ ...BEIJING.ids, address: "x" }, BEIJING, TYPES, { 1: [image] })).toEqual({});
  });

  test("region, address and required documents, each beside its field", () => {
    expect(missingExtras({ province_id: 0, city_id: 0, district_id: 0 }, BEIJING, TYPES, {})).toEqual({
      province_id: ["address:errors.provinceRequired"],
      address: ["address:errors.detailRequired"],
      qual_1: ["auth:register.errors.imageRequired"],
    });
  });

  test("a region the upstream's tree does not confirm is refused; a missing district only where the city has some", () => {
    const dropped = { ...BEIJING, ids: { ...BEIJING.ids, district_id: 0 } };
    expect(missingExtras({ ...BEIJING.ids, district_id: 999, address: "x" }, dropped, [], {})).toEqual({ district_id: ["address:errors.badRegion"] });
    expect(missingExtras({ ...BEIJING.ids, district_id: 0, address: "x" }, dropped, [], {})).toEqual({ district_id: ["address:errors.districtRequired"] });
    const noDistricts = { ...dropped, options: { ...dropped.options, districts: [] } };
    expect(missingExtras({ ...BEIJING.ids, district_id: 0, address: "x" }, noDistricts, [], {})).toEqual({});
  });

  test("without region data (no upstream regions) nothing about the address is required", () => {
    expect(missingExtras({ province_id: 0, city_id: 0, district_id: 0 }, null, [], {})).toEqual({});
  });
});

describe("usernameRegisterSchema business fields", () => {
  const rules = { pwdLen: 6, pwdComplexity: [], agreementRequired: false };
  const base = { intent: "register-username", username: "someone", password: "secret123", confirm_password: "secret123" };
  test("region ids must be digits, the invitation code letters and digits, the address at most 100 characters", () => {
    const result = usernameRegisterSchema(rules).safeParse({ ...base, province_id: "11x", invitation_code: "a-b", address: "x".repeat(101) });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["province_id", "invitation_code", "address"]));
  });
  test("empty selects are 0", () => {
    const result = usernameRegisterSchema(rules).parse({ ...base, province_id: "", city_id: "110100" });
    expect(result).toMatchObject({ province_id: 0, city_id: 110100, district_id: 0 });
  });
});
