import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/chromium";

/**
 * The scale-out journeys (tests/scale/run.ts starts the stack and runs this config): the browser
 * talks to nginx only, which balances every request over two BFF processes without stickiness.
 * The shop API's test API is reached directly (tests/e2e/support.ts reads E2E_SHOP_API_PORT).
 */
const NGINX_URL = process.env.SCALE_NGINX_URL;
if (!NGINX_URL) throw new Error("SCALE_NGINX_URL is set by tests/scale/run.ts; run `npm run test:scale`");

export default defineConfig({
  testDir: ".",
  testMatch: /\.spec\.ts$/,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: { baseURL: NGINX_URL, browserName: "chromium", launchOptions: chromiumLaunchOptions, locale: "zh-CN" },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
});
