import { Writable } from "node:stream";
import { createElement, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentSink } from "~/utils/document-sink.server";
import { suspenseGate } from "../support/suspense-gate";

/** React's own chunks of a render, as its streaming renderer writes them to a plain Writable. */
function reactChunks(element: React.ReactElement): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.on("finish", () => resolve(chunks));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onError: reject });
  });
}

/** The same render through a DocumentSink: its body's chunks. */
function sinkChunks(element: React.ReactElement, onShell = false, holdMs = 0): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const sink = new DocumentSink({ holdMs });
    const start = () => {
      pipe(sink as unknown as Writable);
      void (async () => {
        const chunks: Uint8Array[] = [];
        for await (const chunk of sink.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
        resolve(chunks);
      })().catch(reject);
    };
    const { pipe } = renderToPipeableStream(element, { onShellReady: onShell ? start : undefined, onAllReady: onShell ? undefined : start, onError: reject });
  });
}

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString("utf8");

// One ASCII byte shifts every following 3-byte character off the 2048-byte boundary (2048 = 3 × 682 + 2).
const page = () =>
  createElement(
    "main",
    null,
    Array.from({ length: 200 }, (_, index) => createElement("p", { key: index, "aria-label": "订单列表" }, `第${index}行：阿莫西林胶囊，批发价格`)),
  );

describe("DocumentSink", () => {
  it("React 18's streaming render of Chinese text leaks NUL bytes (the bug it works around)", async () => {
    expect(Buffer.concat(await reactChunks(page())).includes(0)).toBe(true);
  });

  it("gives the same text without a NUL byte, a whole flush as one chunk", async () => {
    const react = await reactChunks(page());
    expect(react.length).toBeGreaterThan(3);
    const chunks = await sinkChunks(page());
    expect(chunks).toHaveLength(1);
    expect(Buffer.from(chunks[0]).includes(0)).toBe(false);
    expect(text(chunks)).toBe(Buffer.concat(react).toString("utf8").replaceAll("\0", ""));
  });

  /** A page whose last part suspends until `releaseAfterMs`, rendered from its shell into a sink holding `holdMs`: its chunks' text. */
  async function lateRender(holdMs: number, releaseAfterMs: number): Promise<string[]> {
    const { release, Late } = suspenseGate(createElement("p", null, "late part"));
    const rendering = sinkChunks(createElement("div", null, page(), createElement(Suspense, { fallback: "…" }, createElement(Late))), true, holdMs);
    setTimeout(release, releaseAfterMs);
    return (await rendering).map((chunk) => Buffer.from(chunk).toString("utf8"));
  }

  it("streams: the shell first, each later part in a chunk of its own", async () => {
    const chunks = await lateRender(0, 10);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toContain("…");
    expect(chunks[1]).toContain("late part");
  });

  it("held: a render complete within the hold leaves as one chunk, shell and late part together", async () => {
    const chunks = await lateRender(200, 10);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toContain("late part");
  });

  it("held: a render still running when the hold ends streams from then on", async () => {
    const chunks = await lateRender(10, 60);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toContain("…");
    expect(chunks[1]).toContain("late part");
  });

  it("a body cancelled by the client stops React with 'closed early'", async () => {
    const errors: unknown[] = [];
    const sink = new DocumentSink();
    const { pipe } = renderToPipeableStream(
      createElement(
        Suspense,
        { fallback: "…" },
        createElement(() => {
          throw new Promise(() => {});
        }),
      ),
      { onError: (error) => void errors.push(error) },
    );
    pipe(sink as unknown as Writable);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the shell is out; the boundary waits
    await sink.body.cancel();
    expect(String(errors[0])).toContain("closed early");
  });
});
