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
  build: { target: "es2022" },
});
