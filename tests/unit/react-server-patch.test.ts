import { createRequire } from "node:module";
import path from "node:path";
import type { Writable } from "node:stream";
import { createElement, Suspense, type ReactNode } from "react";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentSink } from "~/utils/document-sink.server";
import { suspenseGate } from "../support/suspense-gate";

/**
 * ADR 036: the production server build of React (`patches/react-dom+18.3.1.patch`) writes strings
 * (one per ~16 K characters and per flush) instead of encoding each piece into 2048-byte buffers.
 * vitest loads React's development build, so the production build is loaded here by its path and
 * held to the same HTML as the development build, which is untouched.
 */
const require = createRequire(import.meta.url);
type Server = { renderToPipeableStream: typeof RenderToPipeableStream };
// The package's exports hide its cjs/ folder; its files are loaded by path.
const cjs = path.join(path.dirname(require.resolve("react-dom")), "cjs");
const production = require(path.join(cjs, "react-dom-server.node.production.min.js")) as Server;
const development = require(path.join(cjs, "react-dom-server.node.development.js")) as Server;

/**
 * The HTML of a render through a DocumentSink: piped from the shell, its late part released only
 * then (so both builds stream it), or piped once all is ready.
 */
function render(server: Server, fromShell: boolean): Promise<string> {
  const late = gate();
  return new Promise((resolve, reject) => {
    const sink = new DocumentSink();
    const start = () => {
      pipe(sink as unknown as Writable);
      void new Response(sink.body).arrayBuffer().then((bytes) => resolve(Buffer.from(bytes).toString("utf8")), reject);
      late.release();
    };
    const { pipe } = server.renderToPipeableStream(page(late.Late), {
      onShellReady: fromShell ? start : undefined,
      onAllReady: fromShell ? undefined : start,
      onError: reject,
    });
    if (!fromShell) late.release();
  });
}

const row = (index: number) =>
  createElement(
    "li",
    { key: index, className: "goods-card", "data-id": index, title: `阿莫西林胶囊 ${index}` },
    createElement("a", { href: `/sku-${index}` }, `第${index}行：阿莫西林胶囊 0.25g×24粒，批发价格 ¥${(index * 1.37).toFixed(2)}`),
    createElement("input", { type: "number", name: "num", defaultValue: 1, min: 1 }),
  );

/** The late part: 300 more rows, not ready with the shell until released. */
const gate = () =>
  suspenseGate(
    createElement(
      "ul",
      null,
      Array.from({ length: 300 }, (_, index) => row(1000 + index)),
    ),
  );

const page = (Late: () => ReactNode) =>
  createElement(
    "html",
    { lang: "zh-cn" },
    createElement(
      "body",
      null,
      createElement(
        "ul",
        null,
        Array.from({ length: 600 }, (_, index) => row(index)),
      ),
      createElement(Suspense, { fallback: "加载中…" }, createElement(Late)),
    ),
  );

describe("React's patched production server build", () => {
  it.each([true, false])("renders the same HTML as the development build, with no NUL byte (from the shell: %s)", async (fromShell) => {
    const ours = await render(production, fromShell);
    const reference = await render(development, fromShell);
    expect(ours.length).toBeGreaterThan(100_000);
    expect(ours).not.toContain("\0");
    expect(ours).toContain("阿莫西林胶囊 0.25g×24粒");
    expect(ours).toContain("第1299行");
    const expected = reference.replaceAll("\0", "");
    const firstDifference = [...ours].findIndex((char, index) => char !== expected[index]);
    expect(
      firstDifference === -1 ? "" : `${ours.slice(firstDifference - 80, firstDifference + 80)} ≠ ${expected.slice(firstDifference - 80, firstDifference + 80)}`,
    ).toBe("");
    expect(ours).toBe(expected);
  });

  it("is the patched one: it writes strings, at most ~16 K characters at a time, not 2048-byte chunks", async () => {
    const written: unknown[] = [];
    const sink = new DocumentSink();
    const write = sink.write.bind(sink);
    sink.write = (chunk) => {
      written.push(chunk);
      return write(chunk);
    };
    const late = gate();
    late.release();
    await new Promise<void>((resolve, reject) => {
      const { pipe } = production.renderToPipeableStream(page(late.Late), { onAllReady: () => pipe(sink as unknown as Writable), onError: reject });
      void new Response(sink.body).arrayBuffer().then(() => resolve(), reject);
    });
    expect(written.length).toBeGreaterThan(3);
    for (const chunk of written) {
      expect(typeof chunk).toBe("string");
      expect((chunk as string).length).toBeLessThan(16_384 + 2_000);
    }
  });
});
