import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { isPrivateUpload } from "./private-media.server";

/**
 * The `/media` proxy for upstream images (ADR 065): browsers never need to reach the upstream, and a
 * cold browser does not make this process fetch the upstream each time. Answers are kept in a
 * bounded in-memory LRU (`lru-cache`, by bytes), and say how long others may keep them:
 *
 * - **Content-addressed uploads** never change: Niushop's Upload model names every file anew
 *   (`upload/[<site id>/]<folder>/<Ymd>/<YmdHis><milliseconds><2 random digits>.<ext>`, its thumbs the
 *   same name with `_BIG`/`_MID`/`_SMALL`), our reference API `upload/<folder>/<Ymd>/<24 hex>.<ext>`.
 *   Kept until evicted, and `public, max-age=31536000, immutable` for browsers and shared caches.
 * - **Anything else** (the upstream's `public/static` defaults, fixed names such as regenerated QR
 *   codes, the reference API's seeded pictures) may be replaced under the same name: kept
 *   SHORT_MAX_AGE_SECONDS here and there.
 *
 * A member's private uploads never come through here (404, ADR 053): their signed links have their
 * own handler in server.ts, `private, no-store`, and are never kept in this cache.
 */
const CONTENT_ADDRESSED = /^upload\/(?:\d+\/)?(?:[\w-]+\/)+\d{8}\/(?:\d{16,}|[0-9a-f]{24})(?:_(?:BIG|MID|SMALL))?\.(?:jpe?g|png|gif|webp|bmp|svg)$/i;

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const SHORT_MAX_AGE_SECONDS = 600;
export const SHORT_CACHE_CONTROL = `public, max-age=${SHORT_MAX_AGE_SECONDS}`;
/** A single image above this is passed on but not kept: a few such would push out hundreds of goods pictures. */
export const MAX_CACHED_IMAGE_BYTES = 2 * 1024 * 1024;

/** Whether an upstream path names bytes that never change (an upload named anew by the upstream). */
export function isContentAddressed(path: string): boolean {
  return CONTENT_ADDRESSED.test(path);
}

export type UpstreamImage = { type: string; body: Buffer };

/** One upstream image, or null when the upstream has none there (not found, not an image). */
export async function fetchUpstreamImage(upstreamUrl: string, assetPath: string, timeoutMs: number): Promise<UpstreamImage | null> {
  const upstream = await fetch(new URL(assetPath, upstreamUrl.replace(/\/?$/, "/")), { signal: AbortSignal.timeout(timeoutMs) });
  const type = upstream.headers.get("content-type") ?? "";
  if (!upstream.ok || !/^image\//.test(type)) {
    await upstream.body?.cancel();
    return null;
  }
  return { type, body: Buffer.from(await upstream.arrayBuffer()) };
}

/** An SVG is a document: served as an image, it runs nothing and loads nothing. */
export function imageHeaders(type: string): Record<string, string> {
  return {
    "Content-Type": type,
    "X-Content-Type-Options": "nosniff",
    ...(type.includes("svg") ? { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" } : {}),
  };
}

export type MediaProxyOptions = {
  upstreamUrl: string;
  timeoutMs: number;
  /** The cache's bound in bytes; 0 keeps nothing. */
  cacheBytes: number;
  /** How long an image that is not content-addressed is kept here (ms). */
  shortTtlMs?: number;
};

/** The handler of `/media/<upload|public|static>/…` (the path in `req.params[0]`). */
export function mediaProxy(options: MediaProxyOptions): RequestHandler {
  const fetchImage = (assetPath: string) => fetchUpstreamImage(options.upstreamUrl, assetPath, options.timeoutMs);
  const shortTtlMs = options.shortTtlMs ?? SHORT_MAX_AGE_SECONDS * 1000;
  // lru-cache's fetch shares one upstream request among concurrent askers; a missing image
  // (undefined) and a failure are not kept.
  const cache =
    options.cacheBytes > 0
      ? new LRUCache<string, UpstreamImage>({
          maxSize: options.cacheBytes,
          maxEntrySize: MAX_CACHED_IMAGE_BYTES,
          sizeCalculation: (image) => Math.max(1, image.body.length),
          fetchMethod: async (assetPath, _stale, { options: entry }) => {
            const image = await fetchImage(assetPath);
            if (!image) return undefined;
            if (!isContentAddressed(assetPath)) entry.ttl = shortTtlMs;
            return image;
          },
        })
      : null;
  const imageOf = async (assetPath: string) => (cache ? ((await cache.fetch(assetPath)) ?? null) : fetchImage(assetPath));

  return async (req, res) => {
    const assetPath = String(req.params[0] ?? "");
    if (assetPath.includes("..")) {
      res.status(400).set("Cache-Control", "no-store").end();
      return;
    }
    if (isPrivateUpload(assetPath)) {
      res.status(404).set("Cache-Control", "no-store").end();
      return;
    }
    try {
      const image = await imageOf(assetPath);
      if (!image) {
        res.status(404).set("Cache-Control", "no-store").end();
        return;
      }
      res.set({ ...imageHeaders(image.type), "Cache-Control": isContentAddressed(assetPath) ? IMMUTABLE_CACHE_CONTROL : SHORT_CACHE_CONTROL });
      res.send(image.body);
    } catch {
      res.status(502).set("Cache-Control", "no-store").end();
    }
  };
}
