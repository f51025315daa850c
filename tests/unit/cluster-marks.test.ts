import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sharedMarks } from "~/utils/cluster.server";
import { pointBffAt } from "../support/bff-environment";

let restoreEnv: () => void;
beforeAll(() => {
  restoreEnv = pointBffAt("http://127.0.0.1:9");
});
afterAll(() => restoreEnv());

describe("marks shared by the workers of one machine (logged-out sign-ins, used captchas)", () => {
  test("outside a cluster they are a bounded local set with a lifetime", async () => {
    const marks = sharedMarks("test-local", { max: 2, ttl: 60_000 });
    expect(await marks.has("a")).toBe(false);
    void marks.add("a");
    void marks.add("b");
    void marks.add("c");
    expect(await marks.has("c")).toBe(true);
    expect(await marks.has("a")).toBe(false); // bounded: the oldest went
  });

  test("outside a cluster add resolves at once", async () => {
    const marks = sharedMarks("test-local-await", { max: 2, ttl: 60_000 });
    await marks.add("x");
    expect(await marks.has("x")).toBe(true);
  });

  test("add resolves only once the other worker holds the mark: asked at once after it, the other worker knows", async () => {
    // The other worker is kept busy while the mark is sent; add must wait for its acknowledgement.
    const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["tests/support/cluster-marks-probe.ts"], { timeout: 20_000 });
    expect(JSON.parse(stdout.trim().split("\n").pop() ?? "{}")).toEqual({ seenBeforeMark: false, addWaitedForOther: true, seenByOtherWorker: true });
  });
});

describe("capability verdicts shared by the workers of one machine (ADR 009)", () => {
  test("an endpoint one worker found missing hides its feature on the other worker too", async () => {
    const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["tests/support/cluster-verdicts-probe.ts"], { timeout: 20_000 });
    expect(JSON.parse(stdout.trim().split("\n").pop() ?? "{}")).toEqual({ before: true, after: false });
  });
});
