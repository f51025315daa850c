import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement, Fragment, Suspense, useId, type ReactNode } from "react";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attachMarkupCache, CachedMarkup } from "~/components/cached-markup";
import { suspenseGate } from "../support/suspense-gate";

/**
 * ADR 039: the patched production server build of React writes a CachedMarkup part's HTML again
 * instead of rendering it, by key and place in the tree. vitest runs React's development build, so
 * both server builds are loaded by path: the production build must give exactly the HTML of the
 * development build (which ignores the cache), whether a part is rendered or written from the cache.
 */
const require = createRequire(import.meta.url);
type Server = { renderToPipeableStream: typeof RenderToPipeableStream };
const cjs = path.join(path.dirname(require.resolve("react-dom")), "cjs");
const production = require(path.join(cjs, "react-dom-server.node.production.min.js")) as Server;
const development = require(path.join(cjs, "react-dom-server.node.development.js")) as Server;

function render(server: Server, element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = server.renderToPipeableStream(element, {
      onAllReady() {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on("data", (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
        out.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        pipe(out);
      },
      onError: reject,
    });
  });
}

let store: Map<string, string>;
let renders: Record<string, number>;

beforeEach(() => {
  store = new Map();
  renders = {};
  attachMarkupCache(store);
});
afterEach(() => attachMarkupCache(null));

/** A part that counts its renders and uses useId, as a form field does. */
function Part({ name, text }: { name: string; text: string }) {
  renders[name] = (renders[name] ?? 0) + 1;
  const id = useId();
  return createElement("label", { htmlFor: id }, text, createElement("input", { id, name }));
}

const cached = (cacheKey: string, children: ReactNode) => createElement(CachedMarkup, { cacheKey, children: () => children });

/** Renders with both builds; the production build's HTML must be the development build's. */
async function renderBoth(element: ReactNode): Promise<string> {
  const ours = await render(production, element);
  expect(ours).toBe(await render(development, element));
  return ours;
}

describe("CachedMarkup in React's patched production server build", () => {
  it("writes a part rendered before under the same key without rendering it again, with the same HTML", async () => {
    const page = (text: string) => createElement("main", null, cached("part:a", createElement(Part, { name: "a", text })), createElement("p", null, "after"));
    const first = await render(production, page("第一次"));
    const second = await render(production, page("第一次"));
    expect(second).toBe(first);
    expect(renders.a).toBe(1);
    expect(await render(development, page("第一次"))).toBe(first);
    expect(store.size).toBe(1);
  });

  it("trusts the key: the same key gives the HTML stored, so a key must hold every input", async () => {
    await render(production, cached("part:b", createElement(Part, { name: "b", text: "one" })));
    const again = await render(production, cached("part:b", createElement(Part, { name: "b", text: "two" })));
    expect(again).toContain("one");
    const otherKey = await render(production, cached("part:b2", createElement(Part, { name: "b", text: "two" })));
    expect(otherKey).toContain("two");
  });

  it("keys a part by its place in the tree too, so ids from useId stay right", async () => {
    const page = createElement(
      "div",
      null,
      cached("part:c", createElement(Part, { name: "c", text: "x" })),
      createElement("section", null, cached("part:c", createElement(Part, { name: "c", text: "x" }))),
    );
    const html = await render(production, page);
    expect(renders.c).toBe(2);
    expect(store.size).toBe(2);
    expect(await render(production, page)).toBe(html);
    expect(renders.c).toBe(2);
    expect(await render(development, page)).toBe(html);
    expect(html.match(/id="([^"]+)"/g)).toHaveLength(2);
    expect(new Set(html.match(/id="([^"]+)"/g)).size).toBe(2);
  });

  it("renders a part that follows text or ends in text live each time (the text separators depend on its neighbours)", async () => {
    const afterText = createElement("p", null, "before", cached("part:d", "text inside"));
    await renderBoth(afterText);
    const endsInText = createElement("p", null, cached("part:e", createElement(Fragment, null, createElement("b", null, "x"), "tail")), "after");
    await renderBoth(endsInText);
    await renderBoth(endsInText);
    expect(store.size).toBe(0);
  });

  it("does not store a part that suspends, and its HTML is still whole", async () => {
    const late = suspenseGate(createElement("span", null, "late"));
    late.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const page = createElement("div", null, cached("part:f", createElement(Suspense, { fallback: "…" }, createElement(late.Late))));
    expect(await renderBoth(page)).toContain("late");
    expect(store.size).toBe(0);
  });

  it("renders its children when no cache is attached", async () => {
    attachMarkupCache(null);
    const page = createElement("div", null, cached("part:g", createElement(Part, { name: "g", text: "x" })));
    await renderBoth(page);
    await renderBoth(page);
    expect(renders.g).toBe(4);
  });
});
