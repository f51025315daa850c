/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// Kept apart from vite.config.ts so the Remix plugin never loads under vitest.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "tests/unit/**/*.test.ts",
      "shop-api/tests/**/*.test.ts",
      "tests/contract/**/*.test.ts",
      "tests/deploy/**/*.test.ts",
      "tests/niushop/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
