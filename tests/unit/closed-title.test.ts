import { expect, test } from "vitest";
import { loader } from "~/root";
import { getSiteInfo } from "~/upstream/site.server";
import { invalidate } from "~/utils/cache.server";
import { useFakeUpstream } from "../support/bff-environment";
import { envelope } from "../support/fake-upstream";
import { loadSample } from "../support/shape";

/**
 * While the shop is closed the upstream refuses every call (-3), site info too, so the root has no
 * layout; the title must still end with the site's name (page title + " - " + site name, as on
 * every page): the last site info the BFF saw, cached.
 */
const fake = useFakeUpstream();

const rootData = async (path: string) => {
  const result = (await loader({ request: new Request(`http://shop.test${path}`), params: {}, context: {} })) as unknown as { data: Record<string, unknown> };
  return result.data;
};

test("the closed page's root data names the site the BFF last saw, though the upstream now refuses site info", async () => {
  const site = loadSample("api_site_info") as { data: { site_name: string } };
  fake.upstream.on("/api/site/info", { body: site });
  await getSiteInfo(); // an earlier page, while the shop was open

  const closed = loadSample("api_site_info_shop_closed");
  for (const path of ["/api/site/status", "/api/site/info"]) fake.upstream.on(path, { body: closed });
  const data = await rootData("/closed");
  expect(data.layout).toBeNull();
  expect(data.siteName).toBe(site.data.site_name);
  expect(site.data.site_name).not.toBe("");
});

test("never seen: no name (the title falls back to the translated default)", async () => {
  invalidate();
  fake.upstream.on("/api/site/status", { body: envelope(-3, "网站已关闭！") });
  fake.upstream.on("/api/site/info", { body: envelope(-3, "网站已关闭！") });
  expect((await rootData("/closed")).siteName).toBe("");
});
