import { expect, test } from "./fixtures";
import { gotoSettled, withJs } from "./support";

/**
 * Issue 33 (ADR 071): the shop's stylesheet is inlined into each document, so a page paints without
 * waiting for a render-blocking request. The browser never asks for it; with JS, hydration adopts
 * the inlined text and client-side navigations keep it.
 */
test("the stylesheet is in the document: no stylesheet request, the page styled, kept after hydration and navigation", async ({ page }) => {
  const stylesheetRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet" && new URL(request.url()).pathname.startsWith("/assets/root-")) stylesheetRequests.push(request.url());
  });

  await gotoSettled(page, "/list?keyword=" + encodeURIComponent("阿莫西林"));
  const inlined = page.locator('head style[data-href^="/assets/root-"]');
  await expect(inlined).toHaveCount(1);
  const css = await inlined.textContent();
  // Mantine's tokens and the shop's own classes, the whole file.
  expect(css).toContain("--mantine-color-green-8");
  expect(css).toContain(".container");
  await expect(page.locator('link[rel="stylesheet"][href^="/assets/root-"]')).toHaveCount(0);
  // app.css: `body { background: var(--shop-bg) }` (#f5f5f5).
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(245, 245, 245)");

  if (withJs()) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("link", { name: "首页", exact: true }).first().click();
    await expect(page).toHaveURL(/\/index$/);
    await expect(inlined).toHaveCount(1);
    expect(await inlined.textContent()).toBe(css);
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(245, 245, 245)");
  }
  expect(stylesheetRequests, "the inlined stylesheet is never downloaded").toEqual([]);
});
