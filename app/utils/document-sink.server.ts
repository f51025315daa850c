import { EventEmitter } from "node:events";

/**
 * Where React's streaming render writes a document, and the response body it becomes.
 *
 * React hands a flush over in pieces, then calls `flush()`: strings of up to ~16 K characters from
 * the patched production build (ADR 036), 2048-byte chunks from React's own build (development,
 * tests). Handed on one by one (as through Remix's PassThrough and
 * `createReadableStreamFromReadable`), each piece crossed a Node stream, a web stream and the
 * socket on its own: ~45 of them for a goods page before the patch. Here a flush becomes one chunk
 * of the body, so a document that is ready with its shell leaves in one or two writes.
 *
 * React 18.3's own build also leaves up to 3 unwritten zero bytes at the end of a full chunk when a
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

  write(chunk: string | Uint8Array): boolean {
    this.parts.push(typeof chunk === "string" ? utf8Bytes(chunk) : withoutTrailingNulBytes(chunk));
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

/**
 * Room to encode React's strings into, reused: encoding is synchronous. `Buffer.from(text)` walks
 * a string twice, once to count its UTF-8 bytes and once to write them; encoding into room that is
 * already there and copying the bytes out walks it once (a goods page's ~86 KB of HTML, mostly
 * Chinese: 237 → 200 µs in a scratch micro-bench, docs/performance.md "2026-11-27 (7)").
 */
const scratch = Buffer.allocUnsafe(256 * 1024);

/** `text` as UTF-8 bytes of its own. */
export function utf8Bytes(text: string): Buffer {
  if (text.length * 3 > scratch.length) return Buffer.from(text); // a UTF-16 unit is at most 3 UTF-8 bytes
  const written = scratch.write(text);
  return Buffer.copyBytesFrom(scratch, 0, written);
}

/** The chunk without the zero bytes React 18.3 may leave at its end (see above). */
export function withoutTrailingNulBytes(chunk: Uint8Array): Uint8Array {
  let end = chunk.length;
  while (end > 0 && chunk[end - 1] === 0) end -= 1;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}
