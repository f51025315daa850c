/**
 * In-process cache with TTL plus stale-while-revalidate, for data that is the same for every
 * visitor (ADR 004). A fresh value is served as is; a stale one is served at once while one
 * background refresh runs; past `staleMs` the caller waits for a new value. Failures are never
 * cached, and a failed background refresh keeps the stale value.
 */
type Entry<T> = { value: T; storedAt: number; refreshing?: Promise<T> };

const entries = new Map<string, Entry<unknown>>();
const inflight = new Map<string, Promise<unknown>>();

export type CachePolicy = { ttlMs: number; staleMs: number };

export async function cached<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<T> {
  const entry = entries.get(key) as Entry<T> | undefined;
  const age = entry ? Date.now() - entry.storedAt : Infinity;
  if (entry && age < policy.ttlMs) return entry.value;
  if (entry && age < policy.ttlMs + policy.staleMs) {
    entry.refreshing ??= refresh(key, load).finally(() => {
      entry.refreshing = undefined;
    });
    entry.refreshing.catch(() => {}); // keep serving the stale value
    return entry.value;
  }
  return refresh(key, load);
}

/** One load per key at a time, however many requests ask. */
function refresh<T>(key: string, load: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const promise = load()
    .then((value) => {
      entries.set(key, { value, storedAt: Date.now() });
      return value;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

export function invalidate(prefix = "") {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
