import type { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { DocumentSink } from "~/utils/document-sink.server";
import { log } from "~/utils/log.server";

type Options = {
  status: number;
  headers: Headers;
  nonce: string;
  /** The whole document at once (bots, visitors without JS) instead of streamed from the shell. */
  waitForAll: boolean;
  /** A render still unfinished after this long is aborted. */
  abortAfterMs: number;
};

/**
 * How long a document's flushes are held to leave as one write (DocumentSink): a render that takes
 * longer (a part that suspends on something slow) streams from then on, so its shell still shows
 * early. Pages that only wait for their loader data's transfer finish well within this.
 */
export const STREAM_AFTER_MS = 20;

/**
 * The document as a streamed HTML response, written through a DocumentSink (one body chunk per
 * flush of React's). The abort timer is cleared as soon as the render has
 * finished: left pending, it kept every render (its tree and its HTML) alive for the whole delay,
 * so a busy worker's heap and GC work grew with its request rate (docs/performance.md).
 */
export function renderDocument(element: ReactElement, { status, headers, nonce, waitForAll, abortAfterMs }: Options): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    let shellRendered = false;
    const abortTimer = setTimeout(() => abort(), abortAfterMs);
    const respond = () => {
      shellRendered = true;
      const sink = new DocumentSink({ holdMs: waitForAll ? 0 : STREAM_AFTER_MS });
      headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(sink.body, { headers, status: responseStatus }));
      // React's types ask for a Writable; it uses only what DocumentSink has.
      pipe(sink as unknown as Writable);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        if (!waitForAll) respond();
      },
      onAllReady() {
        clearTimeout(abortTimer);
        if (waitForAll) respond();
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatus = 500;
        // Errors after the shell are logged here; earlier ones by entry.server's handleError.
        if (shellRendered) log("render_error", { message: error instanceof Error ? error.message : String(error) });
      },
    });
  });
}
