/**
 * npm run bench:paint: whether hydration competes with the first paint (issue 33). The storefront
 * alone (the reference shop API, the production build, one worker), Chromium, a cold browser per
 * visit at 1280×1080 (the goods list's first price lies below a 720 px fold here), JS on and off,
 * PAINT_ROUNDS rounds (default 7) of a member's goods list, goods page and cart. Per visit: FCP,
 * the first price visible (bench/first-price.ts, the frame that shows it), with JS when the last
 * script had arrived (the resource timing of /assets/*.js) and when React had hydrated the document
 * (the `data-hydrated` marker root.tsx sets in an effect, seen by a MutationObserver in the probe's
 * isolated world). Medians per page and mode; with PAINT_BASE (a directory holding another build)
 * that build runs beside the current one and each visit is made on both in turn. Writes
 * bench/results/paint-<date>.json.
 *
 * Env: PAINT_ROUNDS, PAINT_BASE, BENCH_BFF_PORT (default 3300; the base build the next port),
 * BENCH_SHOP_API_PORT (default 4300).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { installFirstPriceProbe, PROBE_WORLD } from "./first-price";
import { DEMO, signIn, startBff, startShopApi, stop } from "./stack";

const ROUNDS = Number(process.env.PAINT_ROUNDS ?? 7);
const BASE = process.env.PAINT_BASE;
const BFF_PORT = Number(process.env.BENCH_BFF_PORT ?? 3300);
const SHOP_API_PORT = Number(process.env.BENCH_SHOP_API_PORT ?? 4300);
// A member's pages: a visitor sees no prices in this B2B shop.
const PAGES = [
  { name: "list", path: "/list", member: true },
  { name: "goods", path: "/sku-1", member: true },
  { name: "cart", path: "/cart", member: true },
];
const HYDRATED_BINDING = "__paintHydrated";
/** In the probe's world: when the document first carries root.tsx's hydration marker. */
const HYDRATED_PROBE = `(() => {
  const report = globalThis[${JSON.stringify(HYDRATED_BINDING)}];
  const seen = () => document.documentElement && document.documentElement.dataset.hydrated === "true";
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    report(String(performance.now()));
  });
  const start = () => observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, { once: true });
})();`;

type Visit = {
  build: string;
  page: string;
  javaScript: boolean;
  fcpMs: number | null;
  firstPriceMs: number | null;
  scriptsMs: number | null;
  hydratedMs: number | null;
};

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
};

async function visit(
  browser: Browser,
  build: { name: string; url: string; cookie: string },
  page: (typeof PAGES)[number],
  javaScript: boolean,
): Promise<Visit> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 1280, height: 1080 }, locale: "zh-CN" });
  try {
    if (page.member) {
      const [name, value] = build.cookie.split("=");
      await context.addCookies([{ name, value: build.cookie.slice(name.length + 1) || value, url: build.url }]);
    }
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    let firstPriceMs: number | null = null;
    let hydratedMs: number | null = null;
    await installFirstPriceProbe(cdp, (price) => (firstPriceMs ??= Math.round(price.at)));
    cdp.on("Runtime.bindingCalled", (event) => {
      if (event.name === HYDRATED_BINDING) hydratedMs ??= Math.round(Number(event.payload));
    });
    await cdp.send("Runtime.addBinding", { name: HYDRATED_BINDING, executionContextName: PROBE_WORLD });
    await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: HYDRATED_PROBE, worldName: PROBE_WORLD });
    await tab.goto(build.url + page.path, { waitUntil: "load" });
    if (javaScript) await tab.waitForSelector("html[data-hydrated=true]", { state: "attached" });
    await tab.waitForTimeout(100); // the probes' last reports
    const timing = await tab.evaluate(() => {
      const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname));
      return {
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: scripts.length ? Math.max(...scripts.map((entry) => (entry as PerformanceResourceTiming).responseEnd)) : null,
      };
    });
    const round = (value: number | null) => (value === null ? null : Math.round(value));
    return {
      build: build.name,
      page: page.name,
      javaScript,
      fcpMs: round(timing.fcp),
      firstPriceMs,
      scriptsMs: javaScript ? round(timing.scripts) : null,
      hydratedMs,
    };
  } finally {
    await context.close();
  }
}

/** One call of the reference shop API as the PC client makes it; its `data`. */
async function callShopApi(base: string, apiPath: string, body: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(base + apiPath, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ app_type: "pc", app_type_name: "PC", ...body }),
  });
  const answer = (await response.json()) as { code: number; message: string; data?: unknown };
  if (answer.code < 0) throw new Error(`${apiPath}: ${answer.message}`);
  return answer.data;
}

async function main() {
  const shopApi = await startShopApi(SHOP_API_PORT);
  // The cart page needs lines to show a price.
  const { token } = (await callShopApi(shopApi.url, "/api/login/login", DEMO)) as { token: string };
  await callShopApi(shopApi.url, "/api/cart/add", { token, sku_id: 1, num: 1 });
  const builds: { name: string; url: string; cookie: string; stop(): Promise<void> }[] = [];
  const browser = await chromium.launch(chromiumLaunchOptions);
  const visits: Visit[] = [];
  try {
    for (const [index, build] of [...(BASE ? [{ name: "base", dir: path.resolve(BASE) }] : []), { name: "current", dir: undefined }].entries()) {
      const bff = await startBff(BFF_PORT + index, shopApi.url, 1, {}, build.dir);
      builds.push({
        name: build.name,
        url: bff.url,
        cookie: (await signIn(bff.url)).split("; ").find((pair) => pair.startsWith("__session=")) ?? "",
        stop: () => stop(bff.child),
      });
    }
    for (const build of builds) for (const page of PAGES) await visit(browser, build, page, true); // the servers' caches
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of PAGES) {
        for (const javaScript of round % 2 ? [false, true] : [true, false]) {
          for (const build of round % 2 ? [...builds].reverse() : builds) visits.push(await visit(browser, build, page, javaScript));
        }
      }
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.stop();
    await stop(shopApi.child);
  }
  const rows = builds.flatMap((build) =>
    PAGES.flatMap((page) =>
      [true, false].map((javaScript) => {
        const own = visits.filter((entry) => entry.build === build.name && entry.page === page.name && entry.javaScript === javaScript);
        const values = (key: "fcpMs" | "firstPriceMs" | "scriptsMs" | "hydratedMs") =>
          own.map((entry) => entry[key]).filter((value): value is number => value !== null);
        return {
          build: build.name,
          page: page.name,
          JS: javaScript ? "on" : "off",
          "FCP ms": median(values("fcpMs")),
          "first price ms": median(values("firstPriceMs")),
          "scripts arrived ms": javaScript ? median(values("scriptsMs")) : "",
          "hydrated ms": javaScript ? median(values("hydratedMs")) : "",
          "visits with the scripts before FCP": javaScript
            ? own.filter((entry) => entry.scriptsMs !== null && entry.fcpMs !== null && entry.scriptsMs < entry.fcpMs).length
            : "",
          "visits hydrated before the price": javaScript
            ? own.filter((entry) => entry.hydratedMs !== null && entry.firstPriceMs !== null && entry.hydratedMs < entry.firstPriceMs).length
            : "",
        };
      }),
    ),
  );
  console.table(rows);
  const dir = path.join("bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `paint-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ rounds: ROUNDS, base: BASE ?? null, rows, visits }, null, 2));
  console.log(`written ${file}`);
}

await main();
