import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { z } from "zod/v4";
import { loader as rootLoader } from "~/root";
import { callUpstream } from "~/upstream/http.server";
import { sharedContext } from "~/upstream/context.server";
import { closedShopRedirect, lastShopAnswer, noteShopAnswer } from "~/upstream/shop-status.server";
import { isShopOpen, knownShopStatus, STATUS_CHECK_MS } from "~/upstream/site.server";
import { invalidate } from "~/utils/cache.server";
import { useFakeUpstream } from "../support/bff-environment";
import { envelope } from "../support/fake-upstream";
import { loadSample } from "../support/shape";

/**
 * ADR 064: no document waits for `/api/site/status`. The shop's state is what the upstream's answers
 * said (-3 closed, anything else open); a status check runs in the background only when nothing has
 * told for STATUS_CHECK_MS, and /closed asks itself.
 */
const fake = useFakeUpstream({ UPSTREAM_TIMEOUT_MS: "10000" });
const CLOSED = envelope(-3, "网站已关闭！");
const STATUS = "/api/site/status";

beforeEach(() => {
  fake.upstream.reset();
  invalidate();
  fake.upstream.on("/api/site/info", { body: loadSample("api_site_info") });
  fake.upstream.on(STATUS, { body: envelope(0, "操作成功", "") });
  fake.upstream.on("/api/goodssku/page", { body: envelope(0, "操作成功", { page_count: 0, count: 0, list: [] }) });
});
afterEach(() => vi.restoreAllMocks());

const rootOf = (path: string) => rootLoader({ request: new Request(`http://shop.test${path}`), params: {}, context: {} });
const asked = (path: string) => fake.upstream.requests.filter((request) => request.path === path).length;

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("what answers tell", () => {
  test("-3 from any call says closed, another answer open", async () => {
    fake.upstream.on("/api/goodssku/page", { body: CLOSED });
    await expect(callUpstream(sharedContext(), "/api/goodssku/page", z.unknown())).rejects.toBeInstanceOf(Response);
    expect(lastShopAnswer()?.open).toBe(false);

    await callUpstream(sharedContext(), "/api/site/info", z.unknown());
    expect(lastShopAnswer()?.open).toBe(true);
  });

  test("an answer to a call sent before the last word is older news", () => {
    noteShopAnswer(false, 2_000);
    noteShopAnswer(true, 1_000); // asked before the shop closed, answered after
    expect(lastShopAnswer()).toEqual({ open: false, askedAt: 2_000 });
  });

  test("a refusal other than -3 still says open (it came from past BaseApi's check)", async () => {
    noteShopAnswer(false, performance.now() - 10);
    fake.upstream.on("/api/goodssku/page", { body: envelope(-1, "参数错误") });
    await expect(callUpstream(sharedContext(), "/api/goodssku/page", z.unknown())).rejects.toBeInstanceOf(Response);
    expect(lastShopAnswer()?.open).toBe(true);
  });
});

describe("a document", () => {
  test("never waits for the status check: a hanging site/status does not hold the root", async () => {
    fake.upstream.on(STATUS, { body: envelope(0, "操作成功", ""), delayMs: 6_000 });
    const outcome = await Promise.race([
      rootOf("/index").then(() => "rendered"),
      new Promise((resolve) => setTimeout(() => resolve("waited for the status"), 5_000)),
    ]);
    expect(outcome).toBe("rendered");
    expect(asked(STATUS)).toBe(1); // started in the background: a fresh process knows nothing yet
    await isShopOpen(); // joins the background check, so it ends within this test
  });

  test("asks nothing about the shop while an answer told within STATUS_CHECK_MS", async () => {
    await callUpstream(sharedContext(), "/api/site/info", z.unknown());
    await rootOf("/index");
    await rootOf("/list");
    expect(asked(STATUS)).toBe(0);
  });

  test("when the last word is older, checks in the background and goes by the old word meanwhile", async () => {
    noteShopAnswer(true, performance.now() - STATUS_CHECK_MS - 1);
    fake.upstream.on(STATUS, { body: CLOSED });
    expect(knownShopStatus()).toBe("open");
    await vi.waitFor(() => expect(lastShopAnswer()?.open).toBe(false));
    expect(asked(STATUS)).toBe(1);
    expect((await thrownBy(rootOf("/index"))).headers.get("Location")).toBe("/closed");
  });

  test("learns a closure from its own calls' -3 and goes to /closed; the next one goes there after the status check alone", async () => {
    await callUpstream(sharedContext(), "/api/site/info", z.unknown()); // open, as far as the BFF knows
    invalidate("layout:"); // the layout is due: its calls meet the closed shop
    for (const path of ["/api/site/info", "/api/goodssku/page", STATUS]) fake.upstream.on(path, { body: CLOSED });
    expect((await thrownBy(rootOf("/index"))).headers.get("Location")).toBe("/closed");
    expect(lastShopAnswer()?.open).toBe(false);

    const before = fake.upstream.requests.length;
    expect((await thrownBy(rootOf("/list"))).headers.get("Location")).toBe("/closed");
    expect(fake.upstream.requests.slice(before).map((request) => request.path)).toEqual([STATUS]);
  });

  test("while the shop is known closed, every page asks (once a second), so a reopening is seen at once", async () => {
    noteShopAnswer(false, performance.now());
    const page = (await rootOf("/login")) as unknown as { data: { layout: unknown } };
    expect(page.data.layout).not.toBeNull(); // site/status said open: no detour through /closed
    expect(asked(STATUS)).toBe(1);
    expect(knownShopStatus()).toBe("open");
  });

  test("/closed asks the upstream itself, so a reopened shop is seen there and pages render again", async () => {
    noteShopAnswer(false, performance.now());
    const closedRoot = (await rootOf("/closed")) as unknown as { data: { layout: unknown } };
    expect(closedRoot.data.layout).not.toBeNull(); // site/status said open: the chrome is back
    expect(asked(STATUS)).toBe(1);
    expect(knownShopStatus()).toBe("open");
    const page = (await rootOf("/index")) as unknown as { data: { layout: unknown } };
    expect(page.data.layout).not.toBeNull();
  });
});

describe("a document that failed while the shop is known closed", () => {
  const page = (path: string) => new Request(`http://shop.test${path}`);

  test("a 502 (a shared call of the page's loader met the -3) goes to /closed instead of the error page", () => {
    noteShopAnswer(false, performance.now());
    const answer = closedShopRedirect(page("/list"), 502);
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get("Location")).toBe("/closed");
    expect(answer?.headers.get("Cache-Control")).toBe("private, no-store");
  });

  test("not on /closed itself, not for other statuses, not while the shop is open or unknown", () => {
    noteShopAnswer(false, performance.now());
    expect(closedShopRedirect(page("/closed"), 502)).toBeNull();
    expect(closedShopRedirect(page("/list"), 404)).toBeNull();
    expect(closedShopRedirect(page("/list"), 200)).toBeNull();
    noteShopAnswer(true, performance.now());
    expect(closedShopRedirect(page("/list"), 502)).toBeNull();
    invalidate();
    expect(closedShopRedirect(page("/list"), 502)).toBeNull();
  });
});
