import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasCookie, VISITOR_CACHE_HEADER, visitorPageCache } from "~/utils/visitor-page-cache.server";

/**
 * The visitor micro-cache in the middleware order of server.ts (compression, a nonce per response,
 * the cache, then the page), with a page that counts its renders and writes in several chunks.
 */
let server: Server;
let base = "";
let renders = 0;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(visitorPageCache({ ttlMs: 300, sessionCookie: "__session" }));
  app.get("/page", (req, res) => {
    renders += 1;
    const nonce = res.locals.cspNonce as string;
    if (req.query.shared === "1") res.setHeader(VISITOR_CACHE_HEADER, "1");
    if (req.query.cookie === "1") res.setHeader("Set-Cookie", "flash=1");
    res.status(req.query.status ? Number(req.query.status) : 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "private, no-cache");
    res.write(`<html><script nonce="${nonce}">1</script>`);
    res.write(`<p>render ${renders} · 价格</p>`);
    res.end(`<script nonce="${nonce}">2</script></html>`);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers });
  return { response, html: await response.text() };
}

function nonceOf(response: Response): string {
  return /nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")![1];
}

describe("visitor page cache", () => {
  it("answers a marked page from memory, with the new response's nonce in body and header", async () => {
    const before = renders;
    const first = await get("/page?shared=1&n=1");
    const second = await get("/page?shared=1&n=1", { "accept-encoding": "gzip" });
    expect(renders - before).toBe(1);
    expect(second.html.replaceAll(nonceOf(second.response), "N")).toBe(first.html.replaceAll(nonceOf(first.response), "N"));
    expect(nonceOf(second.response)).not.toBe(nonceOf(first.response));
    expect(second.html).toContain(`nonce="${nonceOf(second.response)}"`);
    expect(second.html).toContain("价格");
    expect(second.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.response.headers.get(VISITOR_CACHE_HEADER)).toBeNull();
    expect(first.response.headers.get(VISITOR_CACHE_HEADER)).toBeNull();
  });

  it("renders again once the entry is older than the ttl", async () => {
    const before = renders;
    await get("/page?shared=1&n=2");
    await new Promise((resolve) => setTimeout(resolve, 350));
    await get("/page?shared=1&n=2");
    expect(renders - before).toBe(2);
  });

  it("keys by language and cookies", async () => {
    const before = renders;
    await get("/page?shared=1&n=3", { "accept-language": "zh-CN" });
    await get("/page?shared=1&n=3", { "accept-language": "en-US" });
    await get("/page?shared=1&n=3", { "accept-language": "en-US", cookie: "lng=en-us" });
    await get("/page?shared=1&n=3", { "accept-language": "en-US", cookie: "lng=en-us" });
    expect(renders - before).toBe(3);
  });

  it("never serves or stores a request with the session cookie, nor shows it the route's mark", async () => {
    const before = renders;
    await get("/page?shared=1&n=4", { cookie: "a=1; __session=abc" });
    const again = await get("/page?shared=1&n=4", { cookie: "a=1; __session=abc" });
    expect(renders - before).toBe(2);
    expect(again.response.headers.get(VISITOR_CACHE_HEADER)).toBeNull();
  });

  it("stores only marked 200 answers without cookies", async () => {
    const before = renders;
    for (const path of ["/page?n=5", "/page?shared=1&status=404&n=5", "/page?shared=1&cookie=1&n=5"]) {
      await get(path);
      const again = await get(path);
      if (path.includes("cookie")) expect(again.response.headers.get("set-cookie")).toBe("flash=1");
    }
    expect(renders - before).toBe(6);
  });

  it("finds the session cookie among others, not as a suffix of another name", () => {
    expect(hasCookie("lng=en; __session=x", "__session")).toBe(true);
    expect(hasCookie("my__session=x", "__session")).toBe(false);
    expect(hasCookie(undefined, "__session")).toBe(false);
  });
});
