/**
 * The network meter of `npm run bench:vs-niushop` (bench/page-network.ts) in Debian's Chromium:
 * requests and bytes counted, `/api/` calls told apart, and the gzip estimate touching only text
 * that came uncompressed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bytesIfGzipped, meterNetwork } from "../../bench/page-network";
import { chromiumLaunchOptions } from "../support/chromium";

/** ~60 KB of very compressible script, sent plain or gzipped. */
const SCRIPT = `window.values = [${Array.from({ length: 6000 }, (_, index) => index % 10).join(",")}];`.repeat(5);
const IMAGE = Buffer.alloc(4000, 7); // "image/png": never compressed, counted as it came

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((request, response) => {
    switch (request.url) {
      case "/plain":
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><link rel="icon" href="data:,"><script src="/plain.js"></script><img src="/image.png"><script>fetch("/api/cart/count")</script>`,
        );
        return;
      case "/gzipped":
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        response.end(`<!doctype html><link rel="icon" href="data:,"><script src="/gzipped.js"></script>`);
        return;
      case "/plain.js":
        response.writeHead(200, { "Content-Type": "application/javascript" }).end(SCRIPT);
        return;
      case "/gzipped.js":
        response.writeHead(200, { "Content-Type": "application/javascript", "Content-Encoding": "gzip" }).end(gzipSync(SCRIPT));
        return;
      case "/image.png":
        response.writeHead(200, { "Content-Type": "image/png" }).end(IMAGE);
        return;
      case "/api/cart/count":
        response.writeHead(200, { "Content-Type": "application/json" }).end(`{"code":0,"message":"","data":2}`);
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function measure(path: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const meter = await meterNetwork(cdp);
    await page.goto(origin + path);
    await expect.poll(() => meter.quiet(), { timeout: 5000 }).toBe(true);
    return { requests: meter.requests, apiCalls: meter.apiCalls, transferred: meter.transferredBytes, gzipped: await bytesIfGzipped(cdp, meter.finished) };
  } finally {
    await context.close();
  }
}

describe("page network meter", () => {
  it("counts every request and its bytes, and the calls to /api/", async () => {
    const plain = await measure("/plain");
    expect(plain.requests).toBe(4); // the document, the script, the image, the API call
    expect(plain.apiCalls).toBe(1);
    expect(plain.transferred).toBeGreaterThan(SCRIPT.length + IMAGE.length);
  });

  it("estimates uncompressed text gzipped, and leaves compressed answers and images as they came", async () => {
    const plain = await measure("/plain");
    const gzipped = await measure("/gzipped");
    // The plain script shrinks to about its gzip size; the image's bytes stay.
    expect(plain.gzipped).toBeLessThan(plain.transferred - SCRIPT.length + gzipSync(SCRIPT).length + 1000);
    expect(plain.gzipped).toBeGreaterThan(IMAGE.length + gzipSync(SCRIPT).length);
    // Already gzipped by the server: nothing to estimate.
    expect(gzipped.gzipped).toBe(gzipped.transferred);
  });
});
