import { expect, test } from "./fixtures";
import { gotoSettled } from "./support";

// The /media proxy of the production build (ADR 065): the home page's banners are the reference
// API's seeded pictures under fixed names, which a shop may replace, so browsers and shared caches
// keep them only briefly. (An upload, named anew by the upstream, is immutable: member-info.spec.ts;
// the in-memory cache's hits: tests/unit/media-proxy.test.ts.)

test("the home page's banners are served with a short public lifetime and a size that keeps the layout", async ({ page }) => {
  await gotoSettled(page, "/index");
  const banners = page.getByRole("region", { name: "首页广告" }).getByRole("img");
  await expect(banners.first()).toBeVisible();
  for (const banner of await banners.all()) {
    const src = await banner.getAttribute("src");
    expect(src).toMatch(/^\/media\//);
    expect(Number(await banner.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await banner.getAttribute("height"))).toBeGreaterThan(0);
    const answer = await page.request.get(src!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("public, max-age=600");
    expect(answer.headers()["content-type"]).toMatch(/^image\//);
  }
  // Only the first slide is fetched at once; the others wait until they are shown.
  await expect(banners.first()).toHaveAttribute("fetchpriority", "high");
  for (const later of (await banners.all()).slice(1)) await expect(later).toHaveAttribute("loading", "lazy");
});
