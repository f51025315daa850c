import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";
import { BFF_URL, SHOP_API_PORT, SHOP_API_URL, BFF_PORT } from "./tests/e2e/ports";

/**
 * E2E against what we ship: the production build of the BFF and a fresh reference shop API in
 * test mode. Every journey runs twice, with JavaScript on ("js") and off ("no-js"). Specs that
 * flip global upstream switches (closed shop, login captcha, the clock) run afterwards, one at a time ("switches").
 */

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // No retries (ADR 048): a test that fails once fails the run; a flaky test is a defect to fix.
  retries: 0,
  reporter: [["list"]],
  // A journey opens several pages, each scanned by axe with JS on: on a loaded 2-core machine that
  // passes 30 s with no fault of the page. Time-outs catch hangs; speed is the benches' job.
  timeout: 60_000,
  expect: { timeout: 8_000 },
  use: { baseURL: BFF_URL, browserName: "chromium", launchOptions: chromiumLaunchOptions, locale: "zh-CN", trace: "retain-on-failure" },
  projects: [
    { name: "js", testIgnore: /\.switch\.spec\.ts$/, use: { javaScriptEnabled: true } },
    { name: "no-js", testIgnore: /\.switch\.spec\.ts$/, use: { javaScriptEnabled: false } },
    // One worker: each switch spec flips state the whole shop API shares (closed shop, captcha, the
    // clock), so two of them side by side would see each other's switches.
    { name: "switches", testMatch: /\.switch\.spec\.ts$/, dependencies: ["js", "no-js"], fullyParallel: false, workers: 1 },
  ],
  webServer: [
    {
      command: "node_modules/.bin/tsx shop-api/main.ts",
      url: `${SHOP_API_URL}/health`,
      env: {
        PORT: String(SHOP_API_PORT),
        SHOP_API_TEST_MODE: "1",
        SHOP_API_FRESH: "1",
        DATA_DIR: "./data/e2e",
        SHOP_API_LOG: "0",
        // The payment simulator may send the browser back to this run's BFF (checkout journeys).
        SHOP_API_RETURN_ORIGINS: BFF_URL,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "node build/server.js",
      url: `${BFF_URL}/healthz`,
      env: {
        NODE_ENV: "production",
        PORT: String(BFF_PORT),
        HOST: "127.0.0.1",
        UPSTREAM_URL: SHOP_API_URL,
        SESSION_SECRET: "e2e-only-session-secret-0123456789",
        COOKIE_SECURE: "false",
        LOG_LEVEL: "silent",
        // Every journey signs in from 127.0.0.1; the per-account and per-mobile limits stay as shipped.
        CLIENT_LIMIT_FACTOR: "100",
        // Captcha switches flipped by a spec are seen at once by every worker (no waiting out the 3 s cache).
        CAPTCHA_CONFIG_TTL_MS: "1",
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
