import { createTheme, DEFAULT_THEME, defaultCssVariablesResolver, convertCssVariables, mergeMantineTheme } from "@mantine/core";

/** A dark-enough green for white button text (Lighthouse contrast), and the shop's price red. */
export const theme = createTheme({
  primaryColor: "green",
  primaryShade: 8,
  defaultRadius: "sm",
  fontFamily: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  colors: {},
});

/**
 * Mantine's CSS variables as one static stylesheet, served by /theme.css and cached by the
 * browser, instead of a <style> block rendered on every request (DESIGN.md performance notes).
 */
export function themeCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  return convertCssVariables(defaultCssVariablesResolver(merged), ":root");
}
