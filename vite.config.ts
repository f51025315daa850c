import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [remix(remixConfig), tsconfigPaths()],
  server: { port: 3000 },
  ssr: { external: ["better-sqlite3"] },
  // A native addon: never pre-bundled for the browser.
  optimizeDeps: { exclude: ["better-sqlite3"] },
  build: {
    target: "es2022",
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    // Terser packs the browser bundle ~4% smaller than esbuild's minifier (measured on the vendor chunk).
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    // Issue 8 budget (≤ 15 JS files per page): shared modules smaller than this are merged into
    // the chunks that use them instead of each becoming a file of its own.
    rollupOptions: { output: { experimentalMinChunkSize: 10_000 } },
  },
});
