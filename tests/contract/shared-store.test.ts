import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  blockedFor,
  claim,
  count,
  forget,
  LIMITS,
  needsCaptcha,
  resetLimiters,
  STORE_UNAVAILABLE_RETRY_SECONDS,
  tooManyAttempts,
  type Subject,
} from "~/auth/attempts.server";
import { resetCapabilities, withCapability } from "~/upstream/capabilities.server";
import { EndpointMissingError } from "~/upstream/http.server";
import { sharedMarks } from "~/utils/cluster.server";
import { closeSharedStore, connectSharedStore, KEY_PREFIX, sharedStoreReady } from "~/utils/shared-store.server";
import { pointBffAt } from "../support/bff-environment";
import { startTestRedis, type TestRedis } from "../support/redis-server";

// ADR 052: with REDIS_URL the attempt limits, the marks (logged-out sign-ins, used captchas) and
// the capability verdicts live in a real Redis, so another instance sees them; while Redis is
// away the limits refuse (fail closed) and they answer again once it is back.

let redis: TestRedis;
let inspect: Redis;
let restoreEnv: () => void;

beforeAll(async () => {
  redis = await startTestRedis();
  restoreEnv = pointBffAt("http://127.0.0.1:9", { REDIS_URL: redis.url });
  inspect = new Redis(redis.url, { lazyConnect: true, retryStrategy: () => 100 });
  inspect.on("error", () => {}); // the test stops Redis on purpose
  await inspect.connect();
  expect(await connectSharedStore()).toBe(true);
});

afterAll(async () => {
  inspect.disconnect();
  await closeSharedStore();
  resetLimiters();
  resetCapabilities();
  await redis.stop();
  restoreEnv();
});

beforeEach(async () => {
  await inspect.flushall();
  resetLimiters();
  resetCapabilities();
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("attempt limits in Redis", () => {
  test("the counters live in Redis: a fresh limiter (another instance) sees the attempts counted before", async () => {
    const account: Subject = ["passwordPerAccount", "Shared-Account"];
    for (let attempt = 0; attempt < LIMITS.passwordPerAccount.points; attempt += 1) await count([account]);
    expect(await inspect.get(`${KEY_PREFIX}limit:passwordPerAccount:shared-account`)).toBe(String(LIMITS.passwordPerAccount.points));

    resetLimiters(); // new limiter objects, as another process makes them
    const wait = await blockedFor([account]);
    expect(wait).toBeGreaterThan(STORE_UNAVAILABLE_RETRY_SECONDS);
    expect(tooManyAttempts(wait)).toMatch(/^auth:errors\.tooManyAttempts\|minutes=/);
    await forget([account]);
    expect(await blockedFor([account])).toBe(0);
  });

  test("a one-time claim is taken once, whichever instance asks", async () => {
    const form: Subject = ["withdrawalForm", "form-1"];
    expect(await claim(form)).toBe(true);
    resetLimiters();
    expect(await claim(form)).toBe(false);
  });

  test("Redis away: every limit refuses with its own message and a 503 for claims, then answers again once Redis is back", async () => {
    const mobile: Subject = ["sendPerMobile", "13900000001"];
    await count([mobile]);
    expect(await blockedFor([mobile])).toBe(0);

    await redis.stop();
    await until(() => !sharedStoreReady(), "the client to notice");
    const wait = await blockedFor([mobile]);
    expect(wait).toBe(STORE_UNAVAILABLE_RETRY_SECONDS);
    expect(tooManyAttempts(wait)).toBe("auth:errors.limitsUnavailable");
    await expect(count([mobile])).resolves.toBeUndefined(); // no 500 from a count after the check
    expect(await needsCaptcha([["passwordPerAccount", "someone"]])).toBe(true);
    const refusal = await claim(["withdrawalForm", "form-2"]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(503);
    expect((refusal as Response).headers.get("Retry-After")).toBe(String(STORE_UNAVAILABLE_RETRY_SECONDS));

    await redis.start();
    await until(() => sharedStoreReady(), "the client to reconnect");
    expect(await blockedFor([mobile])).toBe(0);
    expect(tooManyAttempts(60)).toBe("auth:errors.tooManyAttempts|minutes=1");
    expect(await claim(["withdrawalForm", "form-2"])).toBe(true);
  });
});

describe("marks in Redis (logged-out sign-ins, used captchas)", () => {
  test("a mark is written to Redis with the set's lifetime, and a mark another instance wrote is known here", async () => {
    const marks = sharedMarks("test-redis-marks", { max: 100, ttl: 60_000 });
    await marks.add("sid-a");
    expect(await inspect.exists(`${KEY_PREFIX}mark:test-redis-marks:sid-a`)).toBe(1);
    const ttl = await inspect.pttl(`${KEY_PREFIX}mark:test-redis-marks:sid-a`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);

    await inspect.set(`${KEY_PREFIX}mark:test-redis-marks:sid-b`, "1", "PX", 60_000); // another instance's logout
    expect(await marks.has("sid-b")).toBe(true);
    expect(await marks.has("sid-c")).toBe(false);
  });

  test("Redis away: a new mark is known here at once and written to Redis once it is back", async () => {
    const marks = sharedMarks("test-redis-outage", { max: 100, ttl: 60_000 });
    await redis.stop();
    await until(() => !sharedStoreReady(), "the client to notice");
    await marks.add("sid-during-outage");
    expect(await marks.has("sid-during-outage")).toBe(true);
    await redis.start();
    await until(async () => (await inspect.exists(`${KEY_PREFIX}mark:test-redis-outage:sid-during-outage`).catch(() => 0)) === 1, "the mark to be written");
  });
});

describe("capability verdicts in Redis", () => {
  test("an absence learnt here is written for the others; one another instance learnt is obeyed without calling", async () => {
    const missing = () => Promise.reject(new EndpointMissingError("/multiaccount/api/MultiAccount/lists"));
    expect(await withCapability("multiaccount", missing, "fallback")).toBe("fallback");
    await until(async () => (await inspect.get(`${KEY_PREFIX}capability:multiaccount`)) !== null, "the verdict to be written");
    expect(JSON.parse((await inspect.get(`${KEY_PREFIX}capability:multiaccount`)) ?? "{}")).toMatchObject({ present: false });

    await inspect.set(`${KEY_PREFIX}capability:salecontrol`, JSON.stringify({ present: false, until: Date.now() + 60_000 }), "PX", 60_000);
    let called = false;
    const load = async () => {
      called = true;
      return "loaded";
    };
    expect(await withCapability("salecontrol", load, "fallback")).toBe("fallback");
    expect(called).toBe(false);
  });
});
