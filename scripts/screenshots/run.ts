import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../../tests/support/chromium";
import { pageRouteFiles, ROUTES, unlistedPageRoutes, type Viewer } from "./routes";

/**
 * `npm run screenshots`: a picture of every page (scripts/screenshots/routes.ts) in both languages,
 * with JavaScript on and off, at 1280 and 1920 px, as a visitor and as the demo member where the
 * page needs one, into test-results/screenshots/<language>-<js|no-js>-<width>/<viewer>-<page>.png,
 * with index.json (each picture's HTTP status and final URL). It starts the production build
 * (`npm run build` first) and a fresh reference shop API in test mode on ports of its own, and stops
 * them on exit. Narrow a run with SCREENSHOTS_ROUTES (substrings of the picture names),
 * SCREENSHOTS_LANGUAGES, SCREENSHOTS_MODES, SCREENSHOTS_WIDTHS, SCREENSHOTS_VIEWERS (comma-separated).
 */

const BFF_PORT = Number(process.env.SCREENSHOTS_BFF_PORT ?? 3700);
const SHOP_API_PORT = Number(process.env.SCREENSHOTS_SHOP_API_PORT ?? 4700);
const BFF = `http://127.0.0.1:${BFF_PORT}`;
const SHOP_API = `http://127.0.0.1:${SHOP_API_PORT}`;
const DATA_DIR = "./data/screenshots";
const OUT_DIR = "test-results/screenshots";
const DEMO = { username: "demo", password: "demo123456" };

const listOf = (name: string, all: readonly string[]) => {
  const wanted = process.env[name]
    ?.split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  return wanted?.length ? all.filter((item) => wanted.includes(item)) : [...all];
};
const LANGUAGES = listOf("SCREENSHOTS_LANGUAGES", ["zh-cn", "en-us"]);
const MODES = listOf("SCREENSHOTS_MODES", ["js", "no-js"]);
const WIDTHS = listOf("SCREENSHOTS_WIDTHS", ["1280", "1920"]).map(Number);
const VIEWERS = listOf("SCREENSHOTS_VIEWERS", ["visitor", "member"]) as Viewer[];
const ROUTE_FILTER = process.env.SCREENSHOTS_ROUTES?.split(",").filter(Boolean);

const children = new Set<ChildProcess>();
function stopAll() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  children.clear();
}
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

function start(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  child.on("exit", (code) => {
    if (children.delete(child)) {
      console.error(`[screenshots] ${name} exited (code ${code})`);
      process.exit(1);
    }
  });
  children.add(child);
  return child;
}

async function waitFor(url: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`);
}

async function assertFree(url: string) {
  const taken = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on ${url}; set SCREENSHOTS_BFF_PORT / SCREENSHOTS_SHOP_API_PORT`);
}

async function startStack() {
  if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) throw new Error("build/ is missing: run `npm run build` first");
  await Promise.all([assertFree(`${BFF}/healthz`), assertFree(`${SHOP_API}/health`)]);
  rmSync(DATA_DIR, { recursive: true, force: true });
  start("shop API", "node_modules/.bin/tsx", ["shop-api/main.ts"], {
    PORT: String(SHOP_API_PORT),
    HOST: "127.0.0.1",
    SHOP_API_TEST_MODE: "1",
    SHOP_API_FRESH: "1",
    DATA_DIR,
    SHOP_API_LOG: "0",
  });
  start("BFF", "node", ["build/server.js"], {
    NODE_ENV: "production",
    PORT: String(BFF_PORT),
    HOST: "127.0.0.1",
    UPSTREAM_URL: SHOP_API,
    SESSION_SECRET: "screenshots-only-session-secret-0123456789",
    COOKIE_SECURE: "false",
    LOG_LEVEL: "silent",
    WEB_CONCURRENCY: "1",
  });
  await Promise.all([waitFor(`${SHOP_API}/health`), waitFor(`${BFF}/healthz`)]);
  // The demo member's cart starts empty: two lines, so /cart and the header's cart show goods.
  await testApi("/__test/cart", {
    username: DEMO.username,
    lines: [
      { sku_id: 1, num: 2 },
      { sku_id: 5, num: 1 },
    ],
    bundles: [],
  });
  // The demo holds no withdrawable balance: ¥200.00 of it, then one withdrawal applied through the
  // shop API as the member (its id 1: /member/withdrawal_detail?id=1).
  await testApi("/__test/member/balance", { username: DEMO.username, balance_money: 200 });
  const { token } = (await testApi("/__test/token", { member_id: 1 })) as { token: string };
  const applied = (await (
    await fetch(`${SHOP_API}/api/memberwithdraw/apply`, {
      method: "POST",
      body: new URLSearchParams({
        token,
        apply_money: "100",
        transfer_type: "bank",
        realname: "王药师",
        mobile: "13800000001",
        bank_name: "中国工商银行上海徐汇支行",
        account_number: "6222020000001234",
      }),
    })
  ).json()) as { code: number; message: string };
  if (applied.code < 0) throw new Error(`the demo's withdrawal was refused: ${applied.message}`);
}

async function testApi(pathname: string, body: Record<string, unknown>): Promise<unknown> {
  const answer = await fetch(`${SHOP_API}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`the test API's ${pathname} answered ${answer.status}`);
  return answer.json();
}

/**
 * Lazy images load only near the viewport, so a full-page picture would miss those further down:
 * load them all first (CDP's evaluate runs with the page's JavaScript off too), 15 s at most.
 */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    const loaded = images.map((image) =>
      image.complete
        ? undefined
        : new Promise((resolve) => {
            image.addEventListener("load", resolve, { once: true });
            image.addEventListener("error", resolve, { once: true });
          }),
    );
    await Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  });
}

/** A browser context of `viewer` in `language`; the member's is signed in through the login form's POST. */
async function contextFor(browser: Browser, viewer: Viewer, language: string, javaScriptEnabled: boolean, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BFF, javaScriptEnabled, viewport: { width, height: 900 }, locale: "zh-CN" });
  // The language cookie as the language switch writes it (a Remix cookie: its value is encoded).
  const switched = await context.request.post("/set-lang", { form: { lng: language, redirect: "/index" }, headers: { Origin: BFF }, maxRedirects: 0 });
  if (switched.status() !== 302 && switched.status() !== 303) throw new Error(`the language switch answered ${switched.status()}`);
  if (viewer === "member") {
    const response = await context.request.post("/login", {
      form: { intent: "password-login", username: DEMO.username, password: DEMO.password, redirect: "/member/index" },
      headers: { Origin: BFF },
      maxRedirects: 0,
    });
    if (response.status() !== 302 && response.status() !== 303) throw new Error(`the demo member's sign-in answered ${response.status()}`);
  }
  return context;
}

async function main() {
  const unlisted = unlistedPageRoutes(pageRouteFiles());
  if (unlisted.length) throw new Error(`page routes missing from scripts/screenshots/routes.ts: ${unlisted.join(", ")}`);
  const routes = ROUTES.filter((entry) => !ROUTE_FILTER || ROUTE_FILTER.some((want) => entry.name.includes(want)));
  await startStack();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const shots: Array<{ file: string; path: string; status: number | null; url: string }> = [];
  try {
    for (const language of LANGUAGES)
      for (const mode of MODES)
        for (const width of WIDTHS)
          for (const viewer of VIEWERS) {
            const chosen = routes.filter((entry) => entry.viewers.includes(viewer));
            if (!chosen.length) continue;
            const context = await contextFor(browser, viewer, language, mode === "js", width);
            const page = await context.newPage();
            const folder = path.join(OUT_DIR, `${language}-${mode}-${width}`);
            mkdirSync(folder, { recursive: true });
            for (const entry of chosen) {
              const response = await page.goto(entry.path, { waitUntil: "load" });
              if (mode === "js") await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
              await loadAllImages(page);
              const file = path.join(folder, `${viewer}-${entry.name}.png`);
              await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
              shots.push({ file, path: entry.path, status: response?.status() ?? null, url: page.url().replace(BFF, "") });
              console.log(`[screenshots] ${response?.status() ?? "-"} ${file}`);
            }
            await context.close();
          }
  } finally {
    await browser.close();
    writeFileSync(path.join(OUT_DIR, "index.json"), JSON.stringify(shots, null, 2));
  }
  console.log(`[screenshots] ${shots.length} pictures in ${OUT_DIR}`);
}

main().then(
  () => {
    stopAll();
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    stopAll();
    process.exit(1);
  },
);
