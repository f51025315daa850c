import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Shared code in chunks of its own, and every route in its own chunk. Rollup's small-chunk merging
 * (`experimentalMinChunkSize`, used until 2026-11-26) folded small shared modules, and small route
 * modules too, into whichever chunk cost least overall: the home page's own code sat in the coupon
 * page's chunk beside the refund pages, and the home page loaded the brand, category, street and
 * after-sales pages' code with it (10 scripts; 6 without the merging, docs/performance.md). The
 * chrome (what root and the layout render on every page) and the goods card are kept apart from
 * route code; what is left to rollup is shared by importer set.
 */
const CHROME = /\/app\/(components\/(layout\/|route-error-boundary|toast-message|no-js-redirect|chat\/chat-launcher)|utils\/handle|i18n\/inline-translations)/;
function sharedChunk(id: string): string | undefined {
  // Formatting (money, dates, colours, error texts) serves the chrome and most pages: left alone it
  // went with the goods card, which form pages then loaded for it.
  if (CHROME.test(id) || /\/app\/(utils\/(format|color)|components\/form\/error-text)\.ts$/.test(id)) return "chrome";
  // The form fields and conform in one chunk: the login page loaded five small ones.
  if (/\/node_modules\/@conform-to\/|\/app\/(components\/form\/(?!error-text)|auth\/captcha-revalidation)/.test(id)) return "forms";
  if (/\/app\/components\/goods\/(goods-card|price-tag)\.tsx$/.test(id)) return "goods-card";
  // The quantity rules and the missing-qualification notice serve the goods page and the cart:
  // left to the small-chunk merging they sat in the cart's route chunk, which the goods page then
  // loaded whole. They go with the goods card, which both pages load.
  if (/\/app\/(domain\/(pricing\/|cart\.ts|quantity\.ts)|components\/(cart\/quantity-stepper|qualification\/))/.test(id)) return "goods-card";
  // The order pages' shared parts in one chunk, so an order page loads one file for them, not
  // pieces folded into other pages' chunks (the ≤ 15 files budget).
  if (/\/app\/(components\/orders\/|domain\/orders\.ts)/.test(id)) return "orders";
  // The promotion zones' page code (topic list, /activity…) in a chunk of their own: left to the
  // small-chunk merging, it was folded into chunks the layout loads on every page.
  if (/\/app\/(routes\/_main\.(promotion\.(topic|seckill|groupbuy)\.tsx|activity\.tsx)|domain\/topic\.ts)$/.test(id)) return "promotion-zones";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remix(remixConfig), tsconfigPaths()],
  server: { port: 3000 },
  ssr: { external: ["better-sqlite3"] },
  // A native addon: never pre-bundled for the browser.
  optimizeDeps: { exclude: ["better-sqlite3"] },
  build: {
    target: "es2022",
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    // Terser packs the browser bundle ~4% smaller than esbuild's minifier (measured on the vendor chunk).
    // The server build stays readable: its size costs nothing, and profiles and stack traces name
    // our functions (issue 8's render-cost work reads them).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: { output: { manualChunks: sharedChunk } },
  },
}));
