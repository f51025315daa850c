// ESLint flat config: recommended JS + typescript-eslint (no type-aware rules: fast, no project
// service), React hooks rules for the storefront, and eslint-config-prettier last so formatting is
// Prettier's job alone (`npm run lint` runs both).
import js from "@eslint/js";
import prettier from "eslint-config-prettier/flat";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

/** One redirect helper (STYLE.md B4 "Security"); ADR 010: the browser's first load carries neither Mantine's components, react-i18next nor i18next. */
const RESTRICTED_IMPORTS = [
  { name: "@remix-run/node", importNames: ["redirect"], message: "Redirect through ~/utils/redirect.server (safeRedirect)" },
  { name: "@mantine/core", message: "Use ~/components/ui (ADR 010); Mantine is the design-token source only (app/theme.server.ts)" },
  { name: "react-i18next", message: "Use ~/i18n/translation (ADR 010)" },
];

/**
 * The reference shop API is a package of its own, `shop-api/` (@storefront/shop-api, ADR 069): app/
 * never imports it (they meet over HTTP), server.ts starts it through the package's one entry, and
 * shop-api/ imports only its own files and its own dependencies. `import()` is held to the same.
 */
const SHOP_API_FROM_APP = {
  group: ["@storefront/shop-api", "@storefront/shop-api/**", "**/shop-api", "**/shop-api/**"],
  message: "app/ never imports the reference shop API: they meet over HTTP (ADR 069)",
};
const NO_SHOP_API_IMPORT_IN_APP = {
  selector: "ImportExpression[source.value=/(^|\\/)shop-api(\\/|$)|^@storefront\\/shop-api/]",
  message: SHOP_API_FROM_APP.message,
};
const SHOP_API_OWN = "shop-api/ imports only its own files and the dependencies in shop-api/package.json, never app/ (ADR 069)";

/**
 * The layers of app/, top to bottom (docs/architecture.md "Layers"). A module imports only from its
 * own layer or one below it, type imports included, so that no layer depends on one above it and
 * no cycle can run between two folders (issue 32). `~/root` and the entry modules sit above them all.
 */
const LAYERS = ["routes", "relay", "components", "auth", "upstream", "session", "utils", "i18n", "domain"];

/** The import patterns app/<layer> may not use: the layers above it, and relative paths into other folders. */
function layerPatterns(layer) {
  const above = LAYERS.slice(0, LAYERS.indexOf(layer));
  const forbidden = [...above.map((name) => `~/${name}/**`), ...above.map((name) => `~/${name}`), "~/root", "~/entry.*"];
  return [
    { group: forbidden, message: `app/${layer} may not import a layer above it (${above.join(", ")}, root): docs/architecture.md "Layers"` },
    { regex: `^(\\.\\./)+(${LAYERS.join("|")})(/|$)`, message: "Import another folder of app/ by its ~/ path, so the layer rule sees it" },
    SHOP_API_FROM_APP,
  ];
}

/** `no-restricted-imports` and `import()` for shop-api/'s files `depth` folders down: nothing of app/, no path out of the package. */
function shopApiRules(depth) {
  // A relative path that climbs out of shop-api/ from that depth: "../" once more than the depth.
  const outside = `^${"\\.\\./".repeat(depth + 1)}`;
  const outsideInSelector = `^${"\\.\\.\\/".repeat(depth + 1)}`;
  return {
    name: `project/shop-api-depth-${depth}`,
    files: [`shop-api/${"*/".repeat(depth)}*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~", "~/**", "@storefront/shop-api", "@storefront/shop-api/**"], message: SHOP_API_OWN },
            { regex: outside, message: SHOP_API_OWN },
          ],
        },
      ],
      "no-restricted-syntax": ["error", { selector: `ImportExpression[source.value=/^~(\\/|$)|${outsideInSelector}/]`, message: SHOP_API_OWN }],
    },
  };
}

/** `no-restricted-imports` for the files of one layer (`paths`: the import names they may not use). */
function layerRules(layer, { name = `project/layer-${layer}`, files = [`app/${layer}/**/*.{ts,tsx}`], paths = RESTRICTED_IMPORTS } = {}) {
  return {
    name,
    files,
    rules: { "no-restricted-imports": ["error", { paths, patterns: layerPatterns(layer) }] },
  };
}

export default defineConfig([
  globalIgnores(["build/", "data/", "public/", "node_modules/", "test-results/", "playwright-report/", ".cache/"]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: "project/globals",
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: "project/storefront",
    files: ["app/**/*.{ts,tsx}"],
    // Remix modules run on the server and in the browser.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    name: "project/commonjs",
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },

  {
    name: "project/rules",
    rules: {
      // The code marks deliberately unused parameters with a leading `_` (`loader(_: LoaderFunctionArgs)`, `(_req, res)`).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-restricted-imports": ["error", { paths: RESTRICTED_IMPORTS }],
    },
  },
  {
    // Every file of app/ (routes, root and entries too; the layers below repeat it with their own patterns).
    name: "project/app-without-shop-api",
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: RESTRICTED_IMPORTS, patterns: [SHOP_API_FROM_APP] }],
      "no-restricted-syntax": ["error", NO_SHOP_API_IMPORT_IN_APP],
    },
  },
  ...LAYERS.filter((layer) => layer !== "routes").map((layer) => layerRules(layer)),
  // ADR 033: what parses the upstream's answers is zod 4 (forms stay on zod 3 for conform).
  layerRules("upstream", {
    name: "project/upstream-schemas",
    files: ["app/upstream/schemas/**/*.ts"],
    paths: [...RESTRICTED_IMPORTS, { name: "zod", message: 'Upstream schemas use zod 4: import { z } from "zod/v4" (ADR 033)' }],
  }),
  // The one redirect helper may import Remix's redirect.
  layerRules("utils", {
    name: "project/redirect-helper",
    files: ["app/utils/redirect.server.ts"],
    paths: [{ name: "@mantine/core", message: "Use ~/components/ui (ADR 010)" }],
  }),
  {
    // The theme is where Mantine's tokens become /theme.css.
    name: "project/theme",
    files: ["app/theme.server.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // server.ts starts the embedded shop API through the package's entry (`import("@storefront/shop-api")`), nothing deeper.
    name: "project/server-starts-shop-api",
    files: ["server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: RESTRICTED_IMPORTS,
          patterns: [
            {
              group: ["./shop-api", "./shop-api/**", "@storefront/shop-api/**"],
              message: "Start the shop API through its package entry: @storefront/shop-api (ADR 069)",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value=/^\\.\\/shop-api(\\/|$)|^@storefront\\/shop-api\\//]",
          message: "Start the shop API through its package entry: @storefront/shop-api (ADR 069)",
        },
      ],
    },
  },
  ...[0, 1, 2, 3].map((depth) => shopApiRules(depth)),
  {
    // Playwright fixtures are destructured even when a hook needs none ("async ({}, testInfo)").
    name: "project/playwright",
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // The probes build and recognise payloads with control characters on purpose.
    name: "project/resilience",
    files: ["tests/resilience/**/*.ts"],
    rules: { "no-control-regex": "off" },
  },

  prettier,
]);
