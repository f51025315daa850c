import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import {
  IMMUTABLE_CACHE_CONTROL,
  isContentAddressed,
  MAX_CACHED_IMAGE_BYTES,
  mediaProxy,
  SHORT_CACHE_CONTROL,
  type MediaProxyOptions,
} from "~/utils/media-proxy.server";
import { startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";

/**
 * ADR 065: `/media` keeps upstream images in memory and says how long others may keep them:
 * immutable for uploads the upstream names anew, short for anything else; private uploads never.
 */
let upstream: FakeUpstream;
const servers: Server[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  for (const server of servers) server.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

/** An Express app with the proxy on the route server.ts gives it; its base URL. */
async function proxy(options: Partial<MediaProxyOptions> = {}): Promise<string> {
  const app = express();
  app.get(/^\/media\/((?:upload|public|static)\/[\w\-./]+)$/, mediaProxy({ upstreamUrl: upstream.url, timeoutMs: 5_000, cacheBytes: 1024 * 1024, ...options }));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const image = (body = "\x89PNG fake image bytes") => ({ contentType: "image/png", body });
const asked = (path: string) => upstream.requests.filter((request) => request.path === `/${path}`).length;

const NIUSHOP_UPLOAD = "upload/1/common/images/20231102/2023110210111317000000001234589.jpg";
const NIUSHOP_THUMB = "upload/1/common/images/20231102/2023110210111317000000001234589_MID.jpg";
const REFERENCE_UPLOAD = "upload/headimg/20261128/0123456789abcdef01234567.png";

describe("which paths are content-addressed", () => {
  test.each([NIUSHOP_UPLOAD, NIUSHOP_THUMB, REFERENCE_UPLOAD, "upload/evaluate_img/20231102/20231102101113170000000012.png"])("%s: yes", (path) => {
    expect(isContentAddressed(path)).toBe(true);
  });
  test.each([
    "public/static/img/pc/gg_pc_index_carousel_1.png", // the upstream's own defaults: replaced by an upgrade
    "upload/adv/ns_pc_index_1.svg", // a seeded picture with a fixed name
    "upload/qrcode/goods/goods_1_pc.png", // regenerated under the same name
    "upload/1/common/images/20231102/logo.png",
    "upload/headimg/20261128/0123456789abcdef01234567.exe",
  ])("%s: no", (path) => {
    expect(isContentAddressed(path)).toBe(false);
  });
});

describe("GET /media/…", () => {
  test.each([NIUSHOP_UPLOAD, NIUSHOP_THUMB, REFERENCE_UPLOAD])("%s: immutable for a year, asked of the upstream once", async (path) => {
    const base = await proxy();
    upstream.on(`/${path}`, image());
    for (let visit = 0; visit < 3; visit++) {
      const response = await fetch(`${base}/media/${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await response.text()).toBe(image().body);
    }
    expect(asked(path)).toBe(1);
  });

  test("an image under a name that may be reused: kept briefly here and by others, then asked again", async () => {
    const path = "public/static/img/pc/gg_pc_index_carousel_1.png";
    const base = await proxy({ shortTtlMs: 200 });
    upstream.on(`/${path}`, image());
    const first = await fetch(`${base}/media/${path}`);
    expect(first.headers.get("cache-control")).toBe(SHORT_CACHE_CONTROL);
    await first.arrayBuffer();
    await (await fetch(`${base}/media/${path}`)).arrayBuffer();
    expect(asked(path)).toBe(1);
    await vi.waitFor(
      async () => {
        await (await fetch(`${base}/media/${path}`)).arrayBuffer();
        expect(asked(path)).toBe(2);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  test("browsers that ask at once share one upstream request", async () => {
    const base = await proxy();
    upstream.on(`/${REFERENCE_UPLOAD}`, { ...image(), delayMs: 200 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}/media/${REFERENCE_UPLOAD}`).then((response) => response.status)));
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(asked(REFERENCE_UPLOAD)).toBe(1);
  });

  test("a missing image or an answer that is no image is a 404 and not kept", async () => {
    const base = await proxy();
    upstream.on(`/${NIUSHOP_UPLOAD}`, { status: 404, contentType: "text/html", body: "<h1>404</h1>" });
    upstream.on(`/${REFERENCE_UPLOAD}`, { contentType: "text/html", body: "<script>alert(1)</script>" });
    for (const path of [NIUSHOP_UPLOAD, REFERENCE_UPLOAD]) {
      for (let visit = 0; visit < 2; visit++) {
        const response = await fetch(`${base}/media/${path}`);
        expect(response.status).toBe(404);
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
      expect(asked(path)).toBe(2);
    }
  });

  test("a member's private upload is refused without asking the upstream (ADR 053)", async () => {
    const base = await proxy();
    const path = "upload/1/offlinepay/20231102/2023110210111317000000001234589.jpg";
    upstream.on(`/${path}`, image());
    const response = await fetch(`${base}/media/${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(asked(path)).toBe(0);
  });

  test("an image above the size kept is passed on but not kept", async () => {
    const base = await proxy({ cacheBytes: 8 * MAX_CACHED_IMAGE_BYTES });
    const big = "x".repeat(MAX_CACHED_IMAGE_BYTES + 1);
    upstream.on(`/${REFERENCE_UPLOAD}`, image(big));
    for (let visit = 0; visit < 2; visit++) expect((await (await fetch(`${base}/media/${REFERENCE_UPLOAD}`)).text()).length).toBe(big.length);
    expect(asked(REFERENCE_UPLOAD)).toBe(2);
  });

  test("MEDIA_CACHE_MB=0: nothing kept, the headers as ever", async () => {
    const base = await proxy({ cacheBytes: 0 });
    upstream.on(`/${REFERENCE_UPLOAD}`, image());
    for (let visit = 0; visit < 2; visit++) {
      const response = await fetch(`${base}/media/${REFERENCE_UPLOAD}`);
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
      await response.arrayBuffer();
    }
    expect(asked(REFERENCE_UPLOAD)).toBe(2);
  });
});
