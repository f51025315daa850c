import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The two languages stay in step: same files, same keys, no empty strings, same {{placeholders}},
 * and every namespaced key literal in app/ exists in both.
 */

const ROOT = join(__dirname, "..", "..");
const LANGUAGES = ["zh-cn", "en-us"] as const;
const NAMESPACES = ["validation", "auth", "errors", "member", "common"] as const;

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(ROOT, "locales", language, `${namespace}.json`), "utf8")) as Tree;
}

/** "a.b.c" → value, for every leaf. */
function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [inner, leaf] of flatten(value, path)) out.set(inner, leaf);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function filesOf(language: string): string[] {
  return readdirSync(join(ROOT, "locales", language))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort();
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();

const namespaces = filesOf("zh-cn");
const flat = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.fromEntries(namespaces.map((ns) => [ns, flatten(load(language, ns))]))]),
) as Record<(typeof LANGUAGES)[number], Record<string, Map<string, unknown>>>;

test("both languages have the same namespace files", () => {
  expect(filesOf("en-us")).toEqual(namespaces);
  expect(namespaces).toEqual(expect.arrayContaining([...NAMESPACES]));
});

describe.each(namespaces)("locales/*/%s.json", (namespace) => {
  test("has exactly the same keys in both languages", () => {
    const zh = [...flat["zh-cn"][namespace].keys()].sort();
    const en = [...flat["en-us"][namespace].keys()].sort();
    expect(
      en.filter((key) => !zh.includes(key)),
      "only in en-us",
    ).toEqual([]);
    expect(
      zh.filter((key) => !en.includes(key)),
      "only in zh-cn",
    ).toEqual([]);
  });

  test("has no empty or non-string values", () => {
    for (const language of LANGUAGES) {
      for (const [key, value] of flat[language][namespace]) {
        expect(typeof value, `${language} ${namespace}:${key}`).toBe("string");
        expect((value as string).trim(), `${language} ${namespace}:${key}`).not.toBe("");
      }
    }
  });

  test("uses the same {{placeholders}} in both languages", () => {
    for (const [key, zhValue] of flat["zh-cn"][namespace]) {
      const enValue = flat["en-us"][namespace].get(key);
      if (typeof zhValue !== "string" || typeof enValue !== "string") continue;
      expect(placeholders(enValue), `${namespace}:${key}`).toEqual(placeholders(zhValue));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Key literals used in the source

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

type KeyUse = { file: string; namespace: string; key: string; dynamic: boolean };

/**
 * `"auth:login.title"`, `'errors:title.404'`, `` `validation:passwordNeeds.${kind}` `` and
 * `"validation:passwordLength|min=…"` (errorText's inline options). Cache keys such as
 * `cached("auth:labels", …)` and `invalidate("auth:captcha-config")` are not translations and are
 * skipped.
 */
function keyUses(): KeyUse[] {
  const uses: KeyUse[] = [];
  const pattern = new RegExp(`((?:cached|invalidate)\\(\\s*)?(["'\`])(${NAMESPACES.join("|")}):([^"'\`\\s]*)\\2`, "g");
  for (const file of sourceFiles(join(ROOT, "app"))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(pattern)) {
      if (match[1]) continue; // a cache key
      const [, , quote, namespace, rest] = match;
      const name = rest.split("|")[0]; // "|min=${n}" are options, not part of the key
      const dynamic = quote === "`" && name.includes("${");
      const key = (dynamic ? name.slice(0, name.indexOf("${")) : name).replace(/\.$/, "");
      uses.push({ file: relative(ROOT, file), namespace, key, dynamic });
    }
  }
  return uses;
}

function lookup(language: string, namespace: string, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), load(language, namespace));
}

const uses = keyUses();

test("the source scan finds the keys it should", () => {
  expect(uses.length).toBeGreaterThan(20);
  expect(uses).toContainEqual(expect.objectContaining({ namespace: "common", key: "toast.loginError" }));
  expect(uses).toContainEqual(expect.objectContaining({ namespace: "validation", key: "passwordLength" }));
  expect(uses.some((use) => use.key === "labels" || use.key === "captcha-config")).toBe(false);
});

describe.each(LANGUAGES)("every key used in app/ exists in %s", (language) => {
  test.each(uses.filter((use) => !use.dynamic).map((use) => [`${use.namespace}:${use.key}`, use] as const))("%s", (_name, use) => {
    expect(typeof lookup(language, use.namespace, use.key), `${use.file}`).toBe("string");
  });

  test.each(uses.filter((use) => use.dynamic).map((use) => [`${use.namespace}:${use.key}.*`, use] as const))("%s (built at run time)", (_name, use) => {
    const node = lookup(language, use.namespace, use.key);
    expect(node, `${use.file}`).toBeTypeOf("object");
  });
});

test("every password complexity class has a message", () => {
  for (const language of LANGUAGES) {
    for (const kind of ["number", "letter", "upper_case", "symbol"]) {
      expect(typeof lookup(language, "validation", `passwordNeeds.${kind}`), `${language} ${kind}`).toBe("string");
    }
  }
});
