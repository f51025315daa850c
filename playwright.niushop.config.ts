import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";

/**
 * The conformance suite's journeys (tests/niushop, docs/testing.md "Conformance suite"): run by
 * `npm run test:niushop`, which brings up the upstream, the recording proxy and the BFF, and hands
 * their addresses over in the state file (NIUSHOP_SUITE_STATE).
 *
 * Each project has its own member (money moves for one member never run side by side) and runs its
 * journeys one at a time, in file order; the two projects run beside each other. No retries: a
 * journey that passes only sometimes is a defect.
 */
export default defineConfig({
  testDir: "./tests/niushop",
  testMatch: /\.spec\.ts$/,
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/niushop/results.json" }]],
  outputDir: "test-results/niushop/artifacts",
  // A real upstream on PHP's built-in server answers in tens to hundreds of milliseconds per call.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${process.env.NIUSHOP_BFF_PORT ?? 3130}`,
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions,
    locale: "zh-CN",
    trace: "retain-on-failure",
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
  },
  projects: [
    { name: "js", workers: 1, use: { javaScriptEnabled: true } },
    { name: "no-js", workers: 1, use: { javaScriptEnabled: false } },
  ],
});
