import { beforeEach, describe, expect, test } from "vitest";
import { inlineImages, MAX_BYTES, toDataUri } from "~/upstream/inline-images.server";
import { toClientLayout } from "~/upstream/layout-view.server";
import { getLayoutData } from "~/upstream/site.server";
import { invalidate } from "~/utils/cache.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The chrome's tiny images carried inline (app/upstream/inline-images.server.ts, ADR 027) against
 * the reference shop API's media.
 */
useLiveShopApi();
beforeEach(() => invalidate());

describe("inlineImages", () => {
  test("tiny upstream images become data URIs; other paths, missing files and non-images do not", async () => {
    const found = await inlineImages([
      "upload/pc/footer_cert_1.svg",
      "upload/service/service_1.svg",
      "upload/pc/no-such-icon.svg",
      "https://cdn.example/x.svg",
      "upload/../etc/passwd",
      "",
    ]);
    expect(Object.keys(found).sort()).toEqual(["upload/pc/footer_cert_1.svg", "upload/service/service_1.svg"]);
    expect(found["upload/pc/footer_cert_1.svg"]).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(decodeURIComponent(found["upload/service/service_1.svg"].slice("data:image/svg+xml,".length))).toContain("<svg");
  });

  test("the same paths give the same object while cached (the layout's identity rests on it)", async () => {
    const paths = ["upload/pc/footer_cert_1.svg", "upload/pc/footer_cert_2.svg"];
    expect(await inlineImages(paths)).toBe(await inlineImages([...paths].reverse()));
  });

  test("the layout's footer and category icons are inline; the logo and the ads keep their /media URLs", async () => {
    const layout = toClientLayout(await getLayoutData());
    expect(layout.certificates.length).toBeGreaterThan(0);
    for (const entry of [...layout.certificates, ...layout.platforms]) expect(entry.icon).toMatch(/^data:image\//);
    for (const link of layout.friendlyLinks.filter((entry) => entry.link_pic)) expect(link.link_pic).toMatch(/^data:image\//);
    for (const service of layout.services.filter((entry) => entry.image)) expect(service.image).toMatch(/^data:image\//);
    expect(layout.categories.filter((node) => node.image).every((node) => node.image.startsWith("data:image/"))).toBe(true);
    expect(layout.site.logo).toMatch(/^\/media\//);
    expect(layout.topAd?.adv_image ?? "/media/").toMatch(/^\/media\//);
  });
});

describe("toDataUri", () => {
  test("SVG as percent-encoded text, other images in base64, parameters dropped", () => {
    expect(toDataUri("image/svg+xml; charset=utf-8", Buffer.from('<svg a="1"/>'))).toBe("data:image/svg+xml,%3Csvg a=%221%22/%3E");
    // Text, colours, quotes, entities and line breaks: only what a URL or an attribute needs is escaped.
    const svg = `<svg fill='#0B7A5B'>\n<text>药 &amp; 100%</text></svg>`;
    const uri = toDataUri("image/svg+xml", Buffer.from(svg));
    expect(uri).toBe("data:image/svg+xml,%3Csvg fill=%27%230B7A5B%27%3E%0A%3Ctext%3E药 %26amp; 100%25%3C/text%3E%3C/svg%3E");
    expect(decodeURIComponent(uri.slice("data:image/svg+xml,".length))).toBe(svg);
    expect(toDataUri("image/png", Buffer.from([1, 2, 3]))).toBe("data:image/png;base64,AQID");
    expect(MAX_BYTES).toBeLessThanOrEqual(4096); // "tiny": each costs its bytes on every page
  });
});
