/**
 * In-process cache with TTL plus stale-while-revalidate, for data that is the same for every
 * visitor (ADR 004): `@epic-web/cachified` over a bounded `lru-cache`. A fresh value is served as
 * is; a stale one is served at once while one background refresh runs; past `staleMs` the caller
 * waits for a new value. Failures are never cached, and a failed background refresh keeps the
 * stale value.
 */
import { createHash } from "node:crypto";
import { cachified, type CacheEntry } from "@epic-web/cachified";
import { LRUCache } from "lru-cache";

/**
 * The cached keys are a few dozen (layout pieces, configs, agreements), but some embed an upstream
 * id or request body, so the key space is open-ended: the bound keeps memory flat whatever asks,
 * and 500 is an order of magnitude above what the pages use, so nothing in normal use is evicted.
 * Entries carry no LRU TTL: cachified judges freshness from their metadata, and a dead entry only
 * waits for eviction or its next load.
 */
export const CACHE_MAX_ENTRIES = 500;

const store = new LRUCache<string, CacheEntry>({ max: CACHE_MAX_ENTRIES });

/**
 * cachified shares a pending load only while it is younger than the TTL, so a load slower than a
 * short TTL (the 3 s shop status against a hanging upstream) would be started again and again.
 * Sharing it here keeps the old promise: one load per key at a time, however many requests ask.
 */
const inflight = new Map<string, Promise<unknown>>();

function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const promise = load().finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

export type CachePolicy = { ttlMs: number; staleMs: number };

export function cached<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<T> {
  // A fresh entry answers at once: cachified's own path costs ~2.5 µs a call, and every page asks
  // for ~20 entries (the layout's pieces), so it was ~1 % of a page's CPU. The rest is cachified's.
  const entry = store.get(key);
  if (entry && isFresh(entry)) return Promise.resolve(entry.value as T);
  return cachified({
    key,
    cache: store,
    ttl: policy.ttlMs,
    staleWhileRevalidate: policy.staleMs,
    getFreshValue: () => once(key, load),
  });
}

/** Fresh as cachified judges it (isExpired: no TTL never expires; otherwise until createdTime + ttl). */
function isFresh({ metadata }: CacheEntry): boolean {
  return metadata.ttl === null || Date.now() <= metadata.createdTime + (metadata.ttl ?? 0);
}

/** Drops the cached answers whose keys start with `prefix`, in the shared cache and the bounded stores. */
export function invalidate(prefix = "") {
  for (const cache of [store, ...boundedStores]) for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}

/** Every boundedLoads store and learnt map, for `invalidate`. */
const boundedStores: { keys(): Iterable<string>; delete(key: string): unknown }[] = [];

/**
 * A plain map of what the BFF learnt from answers rather than loaded (the shop's open state), which
 * `invalidate` forgets like the caches (tests start each case from nothing).
 */
export function learntMap<V>(): Map<string, V> {
  const map = new Map<string, V>();
  boundedStores.push(map);
  return map;
}

/**
 * A bounded store of loads with a lifetime, for answers kept apart from the shared cache because
 * their keys are many (one per member, one per goods): they cannot crowd out the layout's pieces.
 * Concurrent askers share one load; no stale-while-revalidate (past its TTL an entry is gone);
 * failures are never kept.
 */
export function boundedLoads<T>(options: { max: number; ttlMs: number; now?: () => number }) {
  // A given clock (a test's) is read on every look-up: lru-cache's 1 ms reading cache would miss its jumps.
  const clock = options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {};
  const store = new LRUCache<string, Promise<T>>({ max: options.max, ...clock });
  boundedStores.push(store);
  return function load(key: string, loadValue: () => Promise<T>, ttlMs = options.ttlMs): Promise<T> {
    const hit = store.get(key);
    if (hit) return hit;
    const promise = loadValue();
    store.set(key, promise, { ttl: ttlMs });
    promise.catch(() => {
      if (store.peek(key) === promise) store.delete(key);
    });
    return promise;
  };
}

export const MEMBER_CACHE_MAX_ENTRIES = 2_000;

/** The store behind `cachedForMember`; `now` (milliseconds) lets a test move the clock. */
export function memberLoads(now?: () => number) {
  const loads = boundedLoads<unknown>({ max: MEMBER_CACHE_MAX_ENTRIES, ttlMs: 60_000, now });
  return function cachedForMember<T>(token: string, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const id = `${createHash("sha256").update(token).digest("base64url")}:${key}`;
    return loads(id, load, ttlMs) as Promise<T>;
  };
}

/**
 * A member's own answers that a page shows beside the fresh ones and that may lag a little (the
 * goods page's recommendations, with the member's prices and sale control: ADR 032). Keyed by a
 * digest of the token, so only the same token finds an entry.
 */
export const cachedForMember = memberLoads();
