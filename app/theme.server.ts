import { createTheme, DEFAULT_THEME, defaultCssVariablesResolver, convertCssVariables, mergeMantineTheme } from "@mantine/core";

/** The shop's theme: a green dark enough for white button text (WCAG AA), and the shop's fonts. */
export const theme = createTheme({
  primaryColor: "green",
  primaryShade: 8,
  defaultRadius: "sm",
  fontFamily: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  // Mantine's green and orange, with the darker shades deepened so white text on the primary
  // colour and coloured text on white reach WCAG AA (4.5:1; axe runs in the e2e tests).
  colors: {
    green: ["#ebfbee", "#d3f9d8", "#b2f2bb", "#8ce99a", "#69db7c", "#51cf66", "#2f9e44", "#237a36", "#1d7032", "#165a26"],
    orange: ["#fff4e6", "#ffe8cc", "#ffd8a8", "#ffc078", "#ffa94d", "#ff922b", "#fd7e14", "#e8590c", "#c2410c", "#a63a0a"],
  },
});

/**
 * Mantine's CSS variables as one static stylesheet, served by /theme.css and cached by the
 * browser, instead of a <style> block rendered on every request (DESIGN.md performance notes).
 */
export function themeCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  return convertCssVariables(defaultCssVariablesResolver(merged), ":root");
}
