import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { action } from "~/routes/float-layer";
import { readFloatLayerClosedThisVisit, readFloatLayerMemory } from "~/utils/float-layer.server";
import { FLOAT_LAYER_REPEAT_MS, floatLayerTypeOf, shouldShowFloatLayer, windowKey, type FloatLayerRule } from "~/domain/float-layer";
import { pointBffAt } from "../support/bff-environment";

// The close's cookies are Secure as the session's are, which reads the environment.
let restoreEnv = () => {};
beforeAll(() => {
  restoreEnv = pointBffAt("http://127.0.0.1:9");
});
afterAll(() => restoreEnv());

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0); // a fixed clock
const seconds = (ms: number) => Math.floor(ms / 1000);
const rule = (type: FloatLayerRule["type"], extra: Partial<FloatLayerRule> = {}): FloatLayerRule => ({
  type,
  enabled: true,
  startTime: seconds(NOW - 3_600_000),
  endTime: seconds(NOW + 3_600_000),
  ...extra,
});

describe("float layer display rules (spec §4)", () => {
  test("switched off or outside its window: never shown", () => {
    expect(shouldShowFloatLayer(rule("2", { enabled: false }), null, NOW)).toBe(false);
    expect(shouldShowFloatLayer(rule("2", { startTime: seconds(NOW + 1000) }), null, NOW)).toBe(false);
    expect(shouldShowFloatLayer(rule("2", { endTime: seconds(NOW - 1000) }), null, NOW)).toBe(false);
    expect(shouldShowFloatLayer(rule("2", { startTime: 0, endTime: 0 }), null, NOW)).toBe(true);
  });

  test("type 1 shows until closed, then not again in the same window", () => {
    const layer = rule("1");
    expect(shouldShowFloatLayer(layer, null, NOW)).toBe(true);
    const closed = { window: windowKey(layer), closedAt: NOW };
    expect(shouldShowFloatLayer(layer, closed, NOW + 1)).toBe(false);
    expect(shouldShowFloatLayer(layer, closed, NOW + 10 * FLOAT_LAYER_REPEAT_MS)).toBe(false);
  });

  test("a new time window forgets what was remembered", () => {
    const before = rule("1");
    const closed = { window: windowKey(before), closedAt: NOW };
    const moved = rule("1", { endTime: seconds(NOW + 7_200_000) });
    expect(shouldShowFloatLayer(moved, closed, NOW + 1)).toBe(true);
  });

  test("type 2 shows on every visit, closed on an earlier one or not", () => {
    const layer = rule("2");
    expect(shouldShowFloatLayer(layer, { window: windowKey(layer), closedAt: NOW }, NOW + 1)).toBe(true);
  });

  test("closed during this visit: not shown again in it, whatever the type (the user can close an 'always' layer)", () => {
    for (const type of ["1", "2", "3"] as const) {
      const layer = rule(type);
      expect(shouldShowFloatLayer(layer, null, NOW, windowKey(layer)), type).toBe(false);
      expect(shouldShowFloatLayer(layer, null, NOW, "1-2"), `${type}, another window`).toBe(true);
    }
  });

  test("type 3 shows again 24 hours after it was closed", () => {
    const layer = rule("3", { endTime: 0 });
    const closed = { window: windowKey(layer), closedAt: NOW };
    expect(shouldShowFloatLayer(layer, closed, NOW + FLOAT_LAYER_REPEAT_MS - 1)).toBe(false);
    expect(shouldShowFloatLayer(layer, closed, NOW + FLOAT_LAYER_REPEAT_MS)).toBe(true);
  });

  test("without a type, the real API's number decides: 0 = every visit, else once", () => {
    expect(floatLayerTypeOf(undefined, 0)).toBe("2");
    expect(floatLayerTypeOf(undefined, 3)).toBe("1");
    expect(floatLayerTypeOf("3", 0)).toBe("3");
  });
});

describe("POST /float-layer", () => {
  const close = (body: Record<string, string>) =>
    action({ request: new Request("http://shop.test/float-layer", { method: "POST", body: new URLSearchParams(body) }), params: {}, context: {} });

  test("remembers the close for a year (types 1 and 3) and for the rest of the visit (a session cookie); no JS gets post/redirect/get", async () => {
    const response = (await close({ window: "0-0", redirect: "/index" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/index");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^float_layer=.*Max-Age=31536000/);
    expect(cookies[1]).toMatch(/^float_layer_visit=/);
    expect(cookies[1]).not.toMatch(/Max-Age|Expires/i);
    const cookieHeader = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
    const next = new Request("http://shop.test/index", { headers: { Cookie: cookieHeader } });
    expect(await readFloatLayerClosedThisVisit(next)).toBe("0-0");
    expect(await readFloatLayerMemory(next)).toMatchObject({ window: "0-0" });
  });

  test("a fetcher's close gets data", async () => {
    const response = (await close({ window: "0-0" })) as unknown as { data: unknown };
    expect(response.data).toEqual({ closed: true });
  });
});
