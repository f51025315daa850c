/**
 * The first-price probe of `npm run bench:vs-niushop` (bench/first-price.ts) in Debian's Chromium: what
 * counts as a shown price, and that it runs with the page's scripts disabled too.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFirstPriceProbe, type FirstPrice } from "../../bench/first-price";
import { chromiumLaunchOptions } from "../support/chromium";

const STYLESHEET_DELAY_MS = 300;
const SCRIPT_DELAY_MS = 300;

const pages: Record<string, string> = {
  "/split": `<p>单价 <em class="yuan">¥</em><strong>12.50</strong></p>`,
  "/not-shown": `
    <script type="application/json">{"price":"¥9.99"}</script>
    <input placeholder="¥0.00">
    <p style="display:none">¥1.00</p>
    <p style="visibility:hidden">¥2.00</p>
    <p style="opacity:0">¥3.00</p>
    <p style="position:absolute;top:3000px">¥4.00</p>
    <p>满100减10元</p>
    <script>setTimeout(() => document.body.insertAdjacentHTML("beforeend", "<p>¥6.00</p>"), ${SCRIPT_DELAY_MS});</script>`,
  "/late": `<main></main><script>setTimeout(() => { document.querySelector("main").innerHTML = "<span>￥ 8</span>"; }, ${SCRIPT_DELAY_MS});</script>`,
  "/blocked": `<link rel="stylesheet" href="/slow.css"><p>¥5.00</p>`,
};

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/slow.css") {
      setTimeout(() => response.writeHead(200, { "Content-Type": "text/css" }).end("p { color: #c00 }"), STYLESHEET_DELAY_MS);
      return;
    }
    const body = pages[request.url ?? ""];
    if (body === undefined) response.writeHead(404).end();
    else response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><html><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/**
 * Opens `path` and returns the probe's first report: as soon as it comes (up to 10 s, so a loaded
 * machine's late frames cannot fail a test), or, with `quietMs`, whatever came in that long after
 * the load event (the tests that expect nothing).
 */
async function firstPrice(path: string, javaScriptEnabled: boolean, quietMs?: number): Promise<FirstPrice | null> {
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    const page = await context.newPage();
    let reported: FirstPrice | null = null;
    let announce: () => void = () => undefined;
    const came = new Promise<void>((resolve) => (announce = resolve));
    await installFirstPriceProbe(await context.newCDPSession(page), (price) => {
      reported ??= price;
      announce();
    });
    await page.goto(origin + path);
    if (quietMs !== undefined) await page.waitForTimeout(quietMs);
    else await Promise.race([came, page.waitForTimeout(10_000)]);
    return reported;
  } finally {
    await context.close();
  }
}

describe("first-price probe", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`reads a price split over elements (JS ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const price = await firstPrice("/split", javaScriptEnabled);
      expect(price?.text).toBe("单价 ¥12.50");
      expect(price?.at).toBeGreaterThan(0);
    });

    it(`waits for the render-blocking stylesheet (JS ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const price = await firstPrice("/blocked", javaScriptEnabled);
      expect(price?.text).toBe("¥5.00");
      expect(price?.at).toBeGreaterThanOrEqual(STYLESHEET_DELAY_MS);
    });
  }

  it("ignores prices in scripts, attributes, hidden or off-screen elements, and amounts without a yuan sign", async () => {
    const price = await firstPrice("/not-shown", true);
    expect(price?.text).toBe("¥6.00"); // the one shown, added later
    expect(price?.at).toBeGreaterThanOrEqual(SCRIPT_DELAY_MS);
  });

  it("reports nothing while no price is shown", async () => {
    expect(await firstPrice("/not-shown", false, SCRIPT_DELAY_MS * 3)).toBeNull(); // scripts off: the late price never comes
  });

  it("sees a price a script inserts later, at the frame that shows it", async () => {
    const price = await firstPrice("/late", true);
    expect(price?.text).toBe("￥ 8");
    expect(price?.at).toBeGreaterThanOrEqual(SCRIPT_DELAY_MS);
  });
});
