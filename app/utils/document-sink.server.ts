import { EventEmitter } from "node:events";

/**
 * Where React's streaming render writes a document, and the response body it becomes.
 *
 * React hands a flush over in pieces of up to 2048 bytes, then calls `flush()`. Handed on one by
 * one (as through Remix's PassThrough and `createReadableStreamFromReadable`), each piece crossed a
 * Node stream, a web stream and the socket on its own: ~45 of them for a goods page. Here a flush
 * becomes one chunk of the body, so a document that is ready with its shell leaves in one or two
 * writes.
 *
 * React 18.3 also leaves up to 3 unwritten zero bytes at the end of a full chunk when a
 * multi-byte character (every Chinese character is 3 bytes in UTF-8) does not fit ("订单\0\0列表");
 * fixed in facebook/react#26228, which no 18.x release carries. HTML never holds a NUL of its own,
 * so each byte chunk loses its trailing zero bytes here.
 *
 * React needs of its destination only `write`, `flush`, `end`, `destroy` and the events `drain`,
 * `error` and `close`. `write` always has room: a document is a few hundred KB at most, and it is
 * held only until the body is read.
 */
export class DocumentSink extends EventEmitter {
  readonly body: ReadableStream<Uint8Array>;
  private parts: Uint8Array[] = [];
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private holdTimer: NodeJS.Timeout | null = null;

  /**
   * `holdMs`: flushes are held and leave with the end as one chunk, unless the render is still
   * running after this long; from then on each flush leaves as it comes (streaming). A page whose
   * only suspending part is the loader data's transfer (every page here: no route defers) is
   * complete a tick after its shell, and one chunk is one write to the socket where shell, data
   * and end took two or three.
   */
  constructor({ holdMs = 0 }: { holdMs?: number } = {}) {
    super();
    if (holdMs > 0) this.holdTimer = setTimeout(() => this.release(), holdMs);
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      // The client went away: React stops rendering what is left ("closed early").
      cancel: () => {
        this.controller = null;
        this.emit("close");
      },
    });
  }

  write(chunk: Uint8Array): boolean {
    this.parts.push(withoutTrailingNulBytes(chunk));
    return true;
  }

  flush(): void {
    if (this.holdTimer) return;
    const { parts, controller } = this;
    if (parts.length === 0) return;
    this.parts = [];
    controller?.enqueue(parts.length === 1 ? parts[0] : Buffer.concat(parts));
  }

  end(): void {
    this.release();
    this.controller?.close();
    this.controller = null;
  }

  destroy(error?: unknown): void {
    this.stopHolding();
    this.parts = [];
    this.controller?.error(error);
    this.controller = null;
  }

  /** Stops holding and hands on what was held. */
  private release(): void {
    this.stopHolding();
    this.flush();
  }

  private stopHolding(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
  }
}

/** The chunk without the zero bytes React 18.3 may leave at its end (see above). */
export function withoutTrailingNulBytes(chunk: Uint8Array): Uint8Array {
  let end = chunk.length;
  while (end > 0 && chunk[end - 1] === 0) end -= 1;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}
