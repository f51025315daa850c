import { createInstance } from "i18next";
import { describe, expect, test } from "vitest";
import { i18nConfig, namespaces, supportedLanguages } from "~/i18n/config";
import { bundlesFor } from "~/i18n/i18next.server";
import { createT } from "~/i18n/translation";

const bundles = {
  common: { hello: "你好，{{name}}", nested: { deep: "深 {{ count }} 层" }, unknown: "{{missing}} 保留" },
  goods: { title: "商品", shared: "商品里的" },
};

describe("createT (the pages' translate function)", () => {
  test("nested keys, interpolation with or without spaces", () => {
    const t = createT(bundles, ["common"]);
    expect(t("hello", { name: "演示药房" })).toBe("你好，演示药房");
    expect(t("nested.deep", { count: 3 })).toBe("深 3 层");
  });

  test("namespaces: a prefix picks one, otherwise the component's namespaces are searched in order", () => {
    const t = createT(bundles, ["goods", "common"]);
    expect(t("title")).toBe("商品");
    expect(t("hello", { name: "x" })).toBe("你好，x");
    expect(t("common:hello", { name: "y" })).toBe("你好，y");
    expect(createT(bundles, ["common"])("goods:title")).toBe("商品");
  });

  test("a missing key gives the default value, else the key without its namespace", () => {
    const t = createT(bundles, ["common"]);
    expect(t("label.none", { defaultValue: "满减" })).toBe("满减");
    expect(t("goods:nothing")).toBe("nothing");
    expect(t("unknown")).toBe("{{missing}} 保留");
  });

  test("a key that names a group of texts is missing; a top-level key holding a dot wins over the nested path", () => {
    const t = createT({ common: { nested: { deep: "深" }, "nested.deep": "字面" }, goods: { group: { a: "甲" } } }, ["goods", "common"]);
    expect(t("nested.deep")).toBe("字面");
    expect(t("group")).toBe("group");
    expect(t("group.a")).toBe("甲");
  });

  // The browser renders with createT what the server's i18next would have said: every key of both
  // languages, with every placeholder filled, reads the same through both.
  test.each(supportedLanguages)("agrees with i18next on every key of %s", async (language) => {
    const resources = bundlesFor(language);
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: language, resources: { [language]: resources } });
    const leaves = (node: unknown, prefix: string): string[] =>
      typeof node === "string" ? [prefix] : Object.entries(node as object).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
    for (const namespace of namespaces) {
      const ours = createT(resources, [namespace]);
      for (const key of leaves(resources[namespace], "")) {
        const values = { name: "N", count: 2, unit: "盒", min: 1, max: 9, days: 7, price: "¥1.00", title: "T", keyword: "K" };
        expect(ours(key, values), `${namespace}:${key}`).toBe(i18n.getFixedT(language, namespace)(key, values));
      }
    }
  });
});
