import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { sharedMarks } from "~/utils/cluster.server";

describe("marks shared by the workers of one machine (logged-out sign-ins, used captchas)", () => {
  test("outside a cluster they are a bounded local set with a lifetime", () => {
    const marks = sharedMarks("test-local", { max: 2, ttl: 60_000 });
    expect(marks.has("a")).toBe(false);
    marks.add("a");
    marks.add("b");
    marks.add("c");
    expect(marks.has("c")).toBe(true);
    expect(marks.has("a")).toBe(false); // bounded: the oldest went
  });

  test("a mark set in one worker reaches the other through the primary", async () => {
    const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["tests/support/cluster-marks-probe.ts"], { timeout: 20_000 });
    expect(JSON.parse(stdout.trim().split("\n").pop() ?? "{}")).toEqual({ seenBeforeMark: false, seenByOtherWorker: true });
  });
});
