import { Writable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { stripTrailingNulBytes } from "~/utils/react-nul-fix.server";

/** Renders with React's streaming renderer through `through` (or directly) and returns the bytes. */
function render(element: React.ReactElement, through?: ReturnType<typeof stripTrailingNulBytes>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        if (through) {
          through.pipe(sink);
          pipe(through);
        } else pipe(sink);
      },
      onError: reject,
    });
  });
}

// One ASCII byte shifts every following 3-byte character off the 2048-byte boundary (2048 = 3 × 682 + 2).
const page = () =>
  createElement(
    "main",
    null,
    Array.from({ length: 40 }, (_, index) => createElement("p", { key: index, "aria-label": "订单列表" }, `第${index}行：阿莫西林胶囊，批发价格`)),
  );

describe("stripTrailingNulBytes", () => {
  it("React 18's streaming render of Chinese text leaks NUL bytes without it (the bug it works around)", async () => {
    const bytes = await render(page());
    expect(bytes.includes(0)).toBe(true);
  });

  it("the same render through it has no NUL byte and the same text", async () => {
    const fixed = await render(page(), stripTrailingNulBytes());
    expect(fixed.includes(0)).toBe(false);
    const broken = await render(page());
    expect(fixed.toString("utf8")).toBe(broken.toString("utf8").replaceAll("\0", ""));
  });
});
