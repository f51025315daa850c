import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { SESSION_COOKIE } from "~/session/session.server";
import { languageCookie } from "~/i18n/language-cookie.server";
import { supportedLanguages } from "~/i18n/config";

/**
 * deploy/nginx's shared cache (ADR 056) keys a visitor's page on exactly the cookies the page
 * depends on. These checks tie the nginx files to the app: every cookie the app sets is either in
 * the key, a reason to bypass the cache, or named here as one no cached page reads; the language
 * map holds what the BFF really sets. `npm run test:scale` runs the files in a real nginx.
 */
const http = readFileSync("deploy/nginx/storefront.http.conf", "utf8");
const location = readFileSync("deploy/nginx/storefront.location.conf", "utf8");
const cacheKey = /^proxy_cache_key "([^"]+)";$/m.exec(http)?.[1] ?? "";

/** Cookies a visitor's catalogue page may read, and where the key takes them from. */
const IN_THE_KEY = ["lng", "top_ad_count", "top_ad_closed", "float_layer", "float_layer_visit"];
/** Cookies whose presence keeps a request away from the cache: the session, a pending flash message. */
const BYPASS = [SESSION_COOKIE, "__toast"];
/** Cookies no cacheable page reads: the session revision (read only with a member's session). */
const UNREAD = ["__session_rev"];

function sourceFiles(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : [full];
  });
}

function appCookieNames(): string[] {
  return sourceFiles().flatMap((file) => {
    const source = readFileSync(file, "utf8");
    return [...source.matchAll(/createCookie\(\s*(?:"([^"]+)"|([A-Z_]+))/g)].map(([, literal, constant]) => {
      if (literal) return literal;
      const value = new RegExp(`const ${constant} = "([^"]+)"`).exec(source)?.[1];
      if (!value) throw new Error(`${file}: cannot read the cookie name ${constant}`);
      return value;
    });
  });
}

describe("deploy/nginx: the shared cache's key and bypass", () => {
  test("every cookie the app sets is in the key, bypasses the cache, or is read by no cacheable page", () => {
    const names = new Set([...appCookieNames(), SESSION_COOKIE]);
    expect([...names].sort()).toEqual([...IN_THE_KEY, ...BYPASS, ...UNREAD].sort());
  });

  test("the key holds the URL, the language and the cookies a page reads; the float layer's on the home page only", () => {
    expect(cacheKey.startsWith("$scheme://$http_host$request_uri|")).toBe(true);
    expect(cacheKey).toContain("$storefront_language");
    for (const name of ["top_ad_count", "top_ad_closed"]) expect(cacheKey).toContain(`$cookie_${name}`);
    expect(cacheKey).toContain("$storefront_home_cookies");
    expect(http).toMatch(
      /map \$uri \$storefront_home_cookies \{\n\s+"~\*\^\/index\/\?\$"\s+"\$cookie_float_layer\|\$cookie_float_layer_visit";\n\s+default\s+"";/,
    );
    // Only the home route reads the float layer's cookies.
    const readers = sourceFiles().filter((file) => /from "~\/utils\/float-layer\.server"/.test(readFileSync(file, "utf8")));
    expect(readers.filter((file) => !file.startsWith("app/routes/float-layer"))).toEqual(["app/routes/_main.index.tsx"]);
  });

  test("the language map holds the values the BFF sets, percent-encoded or not; anything else keeps an entry of its own", async () => {
    const map = /map \$cookie_lng \$storefront_language \{([^}]+)\}/.exec(http)?.[1] ?? "";
    const entries = Object.fromEntries(
      [...map.matchAll(/^\s*("[^"]*"|default)\s+("[^"]*"|\S+);/gm)].map(([, key, value]) => [key.replace(/"/g, ""), value.replace(/"/g, "")]),
    );
    for (const language of supportedLanguages) {
      const encoded = (await languageCookie.serialize(language)).split(";")[0].slice("lng=".length);
      expect(entries[encoded], encoded).toBe(language);
      expect(entries[decodeURIComponent(encoded)], decodeURIComponent(encoded)).toBe(language);
    }
    expect(entries[""]).toBe("zh-cn"); // no cookie: the fallback language
    expect(entries.default).toBe("other:$cookie_lng");
  });

  test("a member's or flashed request neither reads nor fills the cache; no answer with Set-Cookie is stored", () => {
    const privateMap = /map "([^"]+)" \$storefront_private \{\s*""\s+0;\s*default\s+1;\s*\}/.exec(http)?.[1] ?? "";
    expect(privateMap.split("$cookie_").filter(Boolean).sort()).toEqual(BYPASS.sort());
    expect(location).toMatch(/^proxy_cache_bypass \$storefront_private;$/m);
    expect(location).toMatch(/^proxy_no_cache \$storefront_private \$upstream_http_set_cookie;$/m);
    expect(location).not.toMatch(/proxy_ignore_headers[^;]*(Set-Cookie|Cache-Control|Expires)/i);
    // Nothing is cached without the BFF's own Cache-Control saying so.
    expect(`${http}\n${location}`).not.toMatch(/proxy_cache_valid/);
  });

  test("everything is compressed: gzip on for proxied answers, and visitors' pages cached compressed", () => {
    expect(http).toMatch(/^gzip on;$/m);
    expect(http).toMatch(/^gzip_proxied any;$/m);
    expect(location).toMatch(/^proxy_set_header Accept-Encoding \$storefront_upstream_encoding;$/m);
    expect(location).toMatch(/^gunzip on;$/m);
  });
});

describe("deploy/nginx: the build's static files from disk (ADR 066)", () => {
  const staticConf = readFileSync("deploy/nginx/storefront.static.conf", "utf8");
  const whole = readFileSync("deploy/nginx/nginx.conf", "utf8");
  const block = (name: string) => new RegExp(`location ${name} \\{([^}]+)\\}`).exec(staticConf)?.[1] ?? "";

  test("/assets/: the build's gzip copies as they are, kept for good, the BFF only for a file of another release", () => {
    const assets = block("/assets/");
    expect(assets).toMatch(/^\s*gzip_static on;$/m);
    expect(assets).toMatch(/^\s*add_header Cache-Control "public, max-age=31536000, immutable" always;$/m);
    expect(assets).toMatch(/^\s*try_files \$uri @storefront_bff;$/m);
  });

  test("what public/ holds is served too, and nothing else is looked up on disk", () => {
    const locations = [...staticConf.matchAll(/^location (.+) \{$/gm)].map(([, name]) => name);
    const publicEntries = readdirSync("public").map((entry) => (statSync(path.join("public", entry)).isDirectory() ? `/${entry}/` : `= /${entry}`));
    expect(locations.sort()).toEqual(["/assets/", ...publicEntries].sort());
  });

  test("nginx.conf roots the server at the build's copy and defines the fallback as its `location /`", () => {
    expect(whole).toMatch(/^\s+root \/srv\/storefront\/build\/client;$/m);
    expect(whole).toMatch(/include \/etc\/nginx\/storefront\/storefront\.static\.conf;/);
    const proxying = (name: string) => new RegExp(`location ${name} \\{([^}]+)\\}`).exec(whole)?.[1].trim() ?? "";
    expect(proxying("@storefront_bff")).toBe(proxying("/").replace(/\n\s*#[^\n]*/g, ""));
  });
});
