import { statSync } from "node:fs";
import { expect, test } from "./fixtures";

/**
 * Issue 33: fingerprinted assets leave the BFF as the build compressed them (scripts/compress-assets.ts,
 * ADR 061): brotli or gzip as the browser accepts, cached for a year as immutable, and byte for byte
 * the file the build wrote once decoded.
 */
test("the page's scripts and styles are served precompressed and immutable", async ({ request }) => {
  const html = await (await request.get("/index")).text();
  const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]))];
  expect(assets.length).toBeGreaterThan(2);
  let compressedCount = 0;
  for (const asset of assets) {
    const plain = await request.get(asset, { headers: { "accept-encoding": "identity" } });
    expect(plain.status(), asset).toBe(200);
    expect(plain.headers()["content-encoding"], asset).toBeUndefined();
    const body = await plain.body();
    // Below 1 KB a copy saves less than its headers: those go as they are.
    const compressed = body.length >= 1024;
    if (compressed) compressedCount += 1;
    for (const [accepted, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const response = await request.get(asset, { headers: { "accept-encoding": accepted } });
      const headers = response.headers();
      expect(headers["content-encoding"], `${asset} for ${accepted}`).toBe(compressed ? encoding : undefined);
      expect(headers["cache-control"], asset).toContain("immutable");
      expect(headers["cache-control"], asset).toContain("max-age=31536000");
      if (compressed) {
        expect(headers["vary"], asset).toMatch(/accept-encoding/i);
        // The build's copy as it is, not compressed again for this request.
        const copy = `build/client${asset}.${encoding === "br" ? "br" : "gz"}`;
        expect(Number(headers["content-length"]), copy).toBe(statSync(copy).size);
      }
      // Playwright decodes the body as a browser does.
      expect((await response.body()).equals(body), `${asset} decoded for ${accepted}`).toBe(true);
    }
  }
  expect(compressedCount).toBeGreaterThan(1);
});
