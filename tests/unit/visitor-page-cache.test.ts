import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "~/utils/script-hashes.server";
import { hasCookie, sharedCacheControl, VISITOR_CACHE_HEADER, visitorPageCache, type VisitorPageCacheOptions } from "~/utils/visitor-page-cache.server";

/**
 * The visitor page cache in the middleware order of server.ts (compression, a nonce and its CSP per
 * response, the cache, then the page), with a page that counts its renders, writes in several
 * chunks and, when `shared=1`, marks itself as entry.server does (the hashes of its scripts).
 */
const SHARED = { maxAge: 5, stale: 30 };
let renders = 0;

async function serve(options: Omit<VisitorPageCacheOptions, "sessionCookie">): Promise<{ base: string; server: Server }> {
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${res.locals.cspNonce}'; object-src 'none'`);
    next();
  });
  app.use(visitorPageCache({ ...options, sessionCookie: "__session" }));
  app.get("/page", (req, res) => {
    renders += 1;
    const nonce = res.locals.cspNonce as string;
    const parts = [`<html><script nonce="${nonce}">1</script>`, `<p>render ${renders} · 价格</p>`, `<script nonce="${nonce}">2</script></html>`];
    if (req.query.shared === "1") res.setHeader(VISITOR_CACHE_HEADER, inlineScriptHashes(parts.join(""), nonce).join(" "));
    if (req.query.cookie === "1") res.setHeader("Set-Cookie", "flash=1");
    res.status(req.query.status ? Number(req.query.status) : 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // What the request scope gives every response that read the session (a visitor's absent one too).
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Vary", "Cookie");
    res.write(parts[0]);
    res.write(parts[1]);
    res.end(parts[2]);
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let cached: { base: string; server: Server };
let uncached: { base: string; server: Server };
beforeAll(async () => {
  cached = await serve({ ttlMs: 300, sharedCache: SHARED });
  uncached = await serve({ ttlMs: 0, sharedCache: { maxAge: 0, stale: 0 } });
});
afterAll(() => Promise.all([cached, uncached].map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve())))));

async function get(path: string, headers: Record<string, string> = {}, base = cached.base) {
  const response = await fetch(base + path, { headers });
  return { response, html: await response.text() };
}

const scriptSources = (response: Response) => /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")![1];

describe("a visitor's shareable document", () => {
  it("names its scripts' hashes in its CSP instead of a nonce, says public with Vary: Cookie, and never shows the mark", async () => {
    const { response, html } = await get("/page?shared=1&n=1");
    const nonce = /nonce="([^"]+)"/.exec(html)![1];
    expect(scriptSources(response)).toBe(`'self' ${inlineScriptHashes(html, nonce).join(" ")}`);
    expect(scriptSources(response)).not.toContain("nonce");
    expect(response.headers.get("content-security-policy")).toContain("object-src 'none'");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect(response.headers.get("vary")).toMatch(/\bCookie\b/);
    expect(response.headers.get(VISITOR_CACHE_HEADER)).toBeNull();
    expect(response.headers.get("x-accel-buffering")).toBeNull(); // nginx may buffer and store it
  });

  it("is answered from memory within the ttl: the same bytes and headers", async () => {
    const before = renders;
    const first = await get("/page?shared=1&n=2");
    const second = await get("/page?shared=1&n=2", { "accept-encoding": "gzip" });
    expect(renders - before).toBe(1);
    expect(second.html).toBe(first.html);
    expect(second.html).toContain("价格");
    for (const name of ["content-security-policy", "cache-control"]) expect(second.response.headers.get(name), name).toBe(first.response.headers.get(name));
    expect(second.response.headers.get(VISITOR_CACHE_HEADER)).toBeNull();
  });

  it("is rendered again once the entry is older than the ttl", async () => {
    const before = renders;
    await get("/page?shared=1&n=3");
    await new Promise((resolve) => setTimeout(resolve, 350));
    await get("/page?shared=1&n=3");
    expect(renders - before).toBe(2);
  });

  it("is kept apart by language and cookies", async () => {
    const before = renders;
    await get("/page?shared=1&n=4", { "accept-language": "zh-CN" });
    await get("/page?shared=1&n=4", { "accept-language": "en-US" });
    await get("/page?shared=1&n=4", { "accept-language": "en-US", cookie: "lng=en-us" });
    await get("/page?shared=1&n=4", { "accept-language": "en-US", cookie: "lng=en-us" });
    expect(renders - before).toBe(3);
  });

  it("with shared caching off stays private, still from the micro-cache when that is on", async () => {
    const { response } = await get("/page?shared=1&n=5", {}, uncached.base);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(scriptSources(response)).toMatch(/^'self' 'sha256-/);
    const before = renders;
    await get("/page?shared=1&n=5", {}, uncached.base);
    expect(renders - before).toBe(1);
  });
});

describe("what is never shared", () => {
  it("a request with the session cookie: not served from memory nor stored, stays private", async () => {
    const before = renders;
    await get("/page?shared=1&n=6", { cookie: "a=1; __session=abc" });
    const again = await get("/page?shared=1&n=6", { cookie: "a=1; __session=abc" });
    expect(renders - before).toBe(2);
    expect(again.response.headers.get("cache-control")).toBe("private, no-store");
    expect(again.response.headers.get("x-accel-buffering")).toBe("no"); // nginx streams it through, unstored
    expect(again.response.headers.get(VISITOR_CACHE_HEADER)).toBeNull();
  });

  it("a page that did not opt in keeps its nonce; a 404 or an answer with Set-Cookie is neither public nor stored", async () => {
    const before = renders;
    for (const path of ["/page?n=7", "/page?shared=1&status=404&n=7", "/page?shared=1&cookie=1&n=7"]) {
      const first = await get(path);
      const again = await get(path);
      expect(again.response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(again.response.headers.get("x-accel-buffering"), path).toBe("no");
      if (path.includes("cookie")) expect(again.response.headers.get("set-cookie")).toBe("flash=1");
      if (!path.includes("shared")) expect(scriptSources(first.response)).toMatch(/^'self' 'nonce-/);
    }
    expect(renders - before).toBe(6);
  });

  it("finds the session cookie among others, not as a suffix of another name", () => {
    expect(hasCookie("lng=en; __session=x", "__session")).toBe(true);
    expect(hasCookie("my__session=x", "__session")).toBe(false);
    expect(hasCookie(undefined, "__session")).toBe(false);
  });

  it("a shared-cache lifetime of 0 means no public header at all", () => {
    expect(sharedCacheControl({ maxAge: 0, stale: 30 })).toBeNull();
    expect(sharedCacheControl({ maxAge: 10, stale: 0 })).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=0");
  });
});
