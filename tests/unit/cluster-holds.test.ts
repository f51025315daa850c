import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { sharedHolds } from "~/utils/cluster-holds.server";

describe("holds shared by the workers of one machine (the chat relay's sockets per member and per client)", () => {
  test("outside a cluster: counted in the process, up to the maximum, given back one by one", async () => {
    const holds = sharedHolds("test-local");
    expect([await holds.take("a", 2), await holds.take("a", 2), await holds.take("a", 2)]).toEqual([true, true, false]);
    expect(await holds.take("b", 2)).toBe(true); // keys apart
    holds.give("a");
    expect(await holds.take("a", 2)).toBe(true);
  });

  test("two workers share one count in the primary, and a worker that dies gives back what it held", async () => {
    const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["tests/support/cluster-holds-probe.ts"], { timeout: 20_000 });
    // 3 + 1 of 4; after one given back, 1 of 2 more; after the first worker's 3 went with it, 3 of 3.
    expect(JSON.parse(stdout.trim().split("\n").pop() ?? "{}")).toEqual({ granted: [3, 1], afterGive: 1, afterExit: 3 });
  });
});
