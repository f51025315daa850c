import { describe, expect, test, vi } from "vitest";
import { memberLoads } from "~/utils/cache.server";

/** A member's own answers kept briefly (ADR 032), on a clock the test moves. */
describe("cachedForMember", () => {
  let clock = 1_000;
  const cachedForMember = memberLoads(() => clock);

  test("the same token and key share one load until the TTL ends; then it loads again", async () => {
    const load = vi.fn(async () => ({ price: "9.90" }));
    const first = await cachedForMember("token-1", "goods:recommend:6", 40, load);
    clock += 39;
    expect(await cachedForMember("token-1", "goods:recommend:6", 40, load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    clock += 2;
    await cachedForMember("token-1", "goods:recommend:6", 40, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  test("another member's token never finds the entry, nor does another key", async () => {
    await cachedForMember("token-a", "goods:recommend:6", 1_000, async () => "a's prices");
    expect(await cachedForMember("token-b", "goods:recommend:6", 1_000, async () => "b's prices")).toBe("b's prices");
    expect(await cachedForMember("token-a", "goods:recommend:12", 1_000, async () => "other")).toBe("other");
    expect(await cachedForMember("token-a", "goods:recommend:6", 1_000, async () => "never")).toBe("a's prices");
  });

  test("a failure is not kept: the next call loads again", async () => {
    await expect(cachedForMember("token-c", "k", 1_000, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    // The store's own handler of the rejection ran before the one above, so the entry is gone already.
    expect(await cachedForMember("token-c", "k", 1_000, async () => "up")).toBe("up");
  });
});
