import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CACHE_MAX_ENTRIES, cached, invalidate } from "~/utils/cache.server";

const POLICY = { ttlMs: 1_000, staleMs: 5_000 };

/** A load function whose answers the test releases by hand. */
function controlledLoader<T>() {
  const pending: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return {
    load,
    resolveNext: (value: T) => pending.shift()!.resolve(value),
    rejectNext: (error: unknown) => pending.shift()!.reject(error),
    get waiting() {
      return pending.length;
    },
  };
}

/** Lets promise callbacks (then/finally) and zero-delay timers run (cachified starts a background refresh after a 0 ms timer). */
const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  invalidate();
});

afterEach(async () => {
  await flush(); // no refresh left waiting on a fake timer for the next test
  vi.useRealTimers();
});

describe("cached", () => {
  test("within the TTL the stored value is served without loading", async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    expect(await cached("k", POLICY, load)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await cached("k", POLICY, load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("fresh until the TTL's last millisecond, then stale: served once more while one refresh runs", async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    expect(await cached("k", POLICY, load)).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(await cached("k", POLICY, load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(await cached("k", POLICY, load)).toBe(1);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cached("k", POLICY, load)).toBe(2);
  });

  test("keys are independent", async () => {
    expect(await cached("a", POLICY, async () => "A")).toBe("A");
    expect(await cached("b", POLICY, async () => "B")).toBe("B");
    expect(await cached("a", POLICY, async () => "other")).toBe("A");
  });

  test("stale-while-revalidate: the stale value is served at once and one background refresh runs", async () => {
    const loader = controlledLoader<string>();
    const first = cached("k", POLICY, loader.load);
    await flush();
    loader.resolveNext("v1");
    expect(await first).toBe("v1");

    vi.advanceTimersByTime(1_500); // stale, within staleMs
    expect(await cached("k", POLICY, loader.load)).toBe("v1");
    expect(await cached("k", POLICY, loader.load)).toBe("v1");
    expect(await cached("k", POLICY, loader.load)).toBe("v1");
    await flush();
    expect(await cached("k", POLICY, loader.load)).toBe("v1");
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(2); // the first load + exactly one refresh

    loader.resolveNext("v2");
    await flush();
    expect(await cached("k", POLICY, loader.load)).toBe("v2");
    expect(loader.load).toHaveBeenCalledTimes(2); // fresh again: no load
  });

  test("a failed background refresh keeps the stale value and is retried later", async () => {
    const loader = controlledLoader<string>();
    const first = cached("k", POLICY, loader.load);
    await flush();
    loader.resolveNext("v1");
    await first;

    vi.advanceTimersByTime(2_000);
    expect(await cached("k", POLICY, loader.load)).toBe("v1");
    await flush();
    loader.rejectNext(new Error("upstream down"));
    await flush();

    expect(await cached("k", POLICY, loader.load)).toBe("v1");
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(3); // a new refresh after the failed one
    loader.resolveNext("v2");
    await flush();
    expect(await cached("k", POLICY, loader.load)).toBe("v2");
  });

  test("past ttl + staleMs the caller waits for a new value", async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    await cached("k", POLICY, load);
    vi.advanceTimersByTime(6_001);
    expect(await cached("k", POLICY, load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  test("with staleMs 0 an expired value is never served", async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    const policy = { ttlMs: 3_000, staleMs: 0 };
    expect(await cached("status", policy, load)).toBe(1);
    vi.advanceTimersByTime(3_000); // the TTL's last millisecond is still fresh (cachified's bound is inclusive)
    expect(await cached("status", policy, load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cached("status", policy, load)).toBe(2);
  });

  test("failures are not cached", async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("boom")).mockResolvedValueOnce("ok");
    await expect(cached("k", POLICY, load)).rejects.toThrow("boom");
    expect(await cached("k", POLICY, load)).toBe("ok");
    expect(load).toHaveBeenCalledTimes(2);
  });

  test("concurrent first loads are coalesced into one", async () => {
    const loader = controlledLoader<string>();
    const calls = [cached("k", POLICY, loader.load), cached("k", POLICY, loader.load), cached("k", POLICY, loader.load)];
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(loader.waiting).toBe(1);
    loader.resolveNext("shared");
    expect(await Promise.all(calls)).toEqual(["shared", "shared", "shared"]);
  });

  test("a coalesced failure reaches every waiter, and the next call loads again", async () => {
    const loader = controlledLoader<string>();
    const calls = [cached("k", POLICY, loader.load), cached("k", POLICY, loader.load)];
    await flush();
    loader.rejectNext(new Error("down"));
    const results = await Promise.allSettled(calls);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    const next = cached("k", POLICY, loader.load);
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(2);
    loader.resolveNext("back");
    expect(await next).toBe("back");
  });

  test("a load slower than the TTL stays the only one for its key", async () => {
    const loader = controlledLoader<string>();
    const policy = { ttlMs: 3_000, staleMs: 0 };
    const first = cached("slow", policy, loader.load);
    await flush();
    vi.advanceTimersByTime(10_000); // e.g. the shop status against a hanging upstream
    const second = cached("slow", policy, loader.load);
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(1);
    loader.resolveNext("late");
    expect(await Promise.all([first, second])).toEqual(["late", "late"]);
  });

  test(`holds at most ${CACHE_MAX_ENTRIES} keys, dropping the least recently used`, async () => {
    for (let i = 0; i <= CACHE_MAX_ENTRIES; i++) await cached(`k${i}`, POLICY, async () => i);
    expect(await cached(`k${CACHE_MAX_ENTRIES}`, POLICY, async () => -1)).toBe(CACHE_MAX_ENTRIES);
    expect(await cached("k1", POLICY, async () => -1)).toBe(1);
    expect(await cached("k0", POLICY, async () => -1)).toBe(-1); // evicted by the 501st key
  });
});

describe("invalidate", () => {
  test("drops the entries with the prefix only", async () => {
    await cached("layout:a", POLICY, async () => 1);
    await cached("status:site", POLICY, async () => 1);
    invalidate("layout:");
    expect(await cached("layout:a", POLICY, async () => 2)).toBe(2);
    expect(await cached("status:site", POLICY, async () => 2)).toBe(1);
  });

  test("without a prefix drops everything", async () => {
    await cached("x", POLICY, async () => 1);
    await cached("y", POLICY, async () => 1);
    invalidate();
    expect(await cached("x", POLICY, async () => 2)).toBe(2);
    expect(await cached("y", POLICY, async () => 2)).toBe(2);
  });
});
