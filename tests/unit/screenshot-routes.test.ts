import { expect, test } from "vitest";
import { NOT_PAGES, pageRouteFiles, ROUTES, unlistedPageRoutes } from "../../scripts/screenshots/routes";

// `npm run screenshots` pictures every page: a new page route must be listed (or named as no page).
test("every page route module of app/routes is in the screenshot list", () => {
  expect(unlistedPageRoutes(pageRouteFiles())).toEqual([]);
});

test("the list names only route modules that exist, and each picture once", () => {
  const files = new Set(pageRouteFiles());
  expect([...ROUTES.map((entry) => entry.file), ...NOT_PAGES].filter((file) => !files.has(file))).toEqual([]);
  const names = ROUTES.map((entry) => entry.name);
  expect(names.length).toBe(new Set(names).size);
});
