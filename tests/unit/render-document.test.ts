import { createElement, Suspense, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "~/utils/log.server";
import { renderDocument, STREAM_AFTER_MS } from "~/utils/render-document.server";
import { suspenseGate } from "../support/suspense-gate";

vi.mock("~/utils/log.server", () => ({ log: vi.fn() }));

const options = (waitForAll: boolean) => ({ status: 200, headers: new Headers(), nonce: "n0nce", waitForAll, abortAfterMs: 11_000 });

const gate = () => suspenseGate(createElement("p", null, "late part"));

describe("renderDocument", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([false, true])("answers the HTML and leaves no abort timer behind (waitForAll %s)", async (waitForAll) => {
    const response = await renderDocument(createElement("html", null, createElement("body", null, "订单列表")), options(waitForAll));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("<body>订单列表</body>");
    // A pending timer would hold the render alive for 11 s (docs/performance.md).
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps the abort timer while a streamed part is still rendering, and clears it once it is done", async () => {
    const { release, Late } = gate();
    const page = createElement("html", null, createElement("body", null, createElement(Suspense, { fallback: "…" }, createElement(Late))));
    const response = await renderDocument(page, options(false));
    expect(vi.getTimerCount()).toBe(2); // the abort timer and the sink's hold (STREAM_AFTER_MS)
    vi.advanceTimersByTime(STREAM_AFTER_MS);
    expect(vi.getTimerCount()).toBe(1);
    release();
    expect(await response.text()).toContain("late part");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("aborts a render that never finishes when the timer fires", async () => {
    const { Late } = gate();
    const page = createElement("html", null, createElement("body", null, createElement(Suspense, { fallback: "…" }, createElement(Late))));
    const response = await renderDocument(page, options(false));
    const text = response.text();
    vi.advanceTimersByTime(11_000);
    expect(await text).toContain("…");
    expect(vi.getTimerCount()).toBe(0);
    expect(log).toHaveBeenCalledWith("render_error", expect.objectContaining({ message: expect.stringContaining("aborted") }));
  });

  it("rejects when the shell fails, without a timer left", async () => {
    function Broken(): ReactNode {
      throw new Error("broken shell");
    }
    await expect(renderDocument(createElement(Broken), options(false))).rejects.toThrow("broken shell");
    expect(vi.getTimerCount()).toBe(0);
  });
});
