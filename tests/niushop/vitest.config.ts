/// <reference types="vitest/config" />
import { defineConfig } from "vite";

// The conformance suite's own pieces (recorder, tally, settings), unit-tested without an upstream:
// `npx vitest run --config tests/niushop/vitest.config.ts`.
export default defineConfig({
  test: {
    include: ["tests/niushop/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
