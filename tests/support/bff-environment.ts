import { afterAll, beforeAll } from "vitest";
import { startTestShopApi, type TestShopApi } from "../../shop-api/testing";
import { invalidate } from "~/utils/cache.server";
import { startFakeUpstream, type FakeUpstream } from "./fake-upstream";
import { resetEnvCache } from "~/utils/env.server";

/**
 * The environment the BFF's app code (app/upstream/*, loaders, actions) needs in vitest, set up
 * once here instead of in every file: an upstream URL, a session secret, a time-out, quiet logs,
 * and empty caches (shared layout data is cached in-process and would outlive the upstream).
 */
export const TEST_SESSION_SECRET = "vitest-session-secret-0123456789";

/** Points the app code at `upstreamUrl`; the returned function puts the environment and caches back. */
export function pointBffAt(upstreamUrl: string, overrides: Record<string, string> = {}): () => void {
  const saved = { ...process.env };
  Object.assign(process.env, {
    UPSTREAM_URL: upstreamUrl,
    SESSION_SECRET: TEST_SESSION_SECRET,
    UPSTREAM_TIMEOUT_MS: "10000",
    LOG_LEVEL: "silent",
    ...overrides,
  });
  resetEnvCache();
  invalidate();
  return () => {
    process.env = saved;
    resetEnvCache();
    invalidate();
  };
}

/**
 * For the whole test file: a fresh reference shop API (temp database, test API on) and the app
 * code pointed at it; both undone after the file. Read `live.shop` inside hooks and tests (the
 * hook registered here runs before the file's own `beforeAll`).
 */
export function useLiveShopApi(options: Parameters<typeof startTestShopApi>[0] = {}): { shop: TestShopApi } {
  const live = {} as { shop: TestShopApi };
  let restore = () => {};
  beforeAll(async () => {
    live.shop = await startTestShopApi(options);
    restore = pointBffAt(live.shop.url);
  });
  afterAll(async () => {
    await live.shop?.close();
    restore();
  });
  return live;
}

/**
 * For the whole test file: a fake upstream (support/fake-upstream.ts) and the app code pointed at
 * it with a short time-out; both undone after the file. Read `fake.upstream` inside hooks and tests.
 */
export function useFakeUpstream(overrides: Record<string, string> = {}): { upstream: FakeUpstream } {
  const fake = {} as { upstream: FakeUpstream };
  let restore = () => {};
  beforeAll(async () => {
    fake.upstream = await startFakeUpstream();
    restore = pointBffAt(fake.upstream.url, { UPSTREAM_TIMEOUT_MS: "2000", ...overrides });
  });
  afterAll(async () => {
    await fake.upstream?.close();
    restore();
  });
  return fake;
}
