/**
 * npm run theme: writes Mantine's CSS variables for our theme (app/theme.server.ts) to
 * app/styles/theme.css, which the root bundles with the rest of the CSS (one stylesheet, no
 * request of its own). tests/unit/theme-css.test.ts fails when the file and the theme disagree.
 */
import { writeFileSync } from "node:fs";
import { THEME_CSS_FILE, themeCssFile } from "../app/theme.server";

writeFileSync(THEME_CSS_FILE, themeCssFile());
console.log(`written ${THEME_CSS_FILE}`);
