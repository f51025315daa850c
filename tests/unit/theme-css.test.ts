import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { THEME_CSS_FILE, themeCssFile } from "~/theme.server";

test("app/styles/theme.css is what the theme generates (run `npm run theme` after editing app/theme.server.ts)", () => {
  expect(readFileSync(THEME_CSS_FILE, "utf8")).toBe(themeCssFile());
});

test("the primary colour carries white text at WCAG AA", () => {
  expect(themeCssFile()).toContain("--mantine-primary-color-filled: var(--mantine-color-green-filled)");
  expect(themeCssFile()).toContain("--mantine-color-green-filled: var(--mantine-color-green-8)");
  expect(themeCssFile()).toContain("--mantine-color-green-8: #1d7032");
});

test("the light-only shop ships no dark scheme's variables (ADR 071)", () => {
  expect(themeCssFile()).toContain(':root[data-mantine-color-scheme="light"]');
  expect(themeCssFile()).not.toContain('data-mantine-color-scheme="dark"');
});
