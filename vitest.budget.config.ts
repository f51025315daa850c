/// <reference types="vitest/config" />
import { defineConfig } from "vite";

// The budget checks read the production build, so they run after `npm run build`, apart from the unit tests.
export default defineConfig({
  test: { include: ["tests/budget/**/*.test.ts"], environment: "node" },
});
