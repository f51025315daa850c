import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny stand-in for the shop API in unit tests: a `node:http` server on a free port that answers
 * each path with a canned reply (JSON envelope, HTML, an HTTP error, a delay) and records what it
 * was sent. For odd upstream behaviour on demand; the contract tests use the real shop-api.
 */
export type CannedReply = {
  status?: number;
  contentType?: string;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  /** Wait this long before the headers. */
  delayMs?: number;
  /** Send the headers, then wait this long before the body. */
  bodyDelayMs?: number;
  /** Extra response headers (a Set-Cookie of the upstream's session). */
  headers?: Record<string, string | string[]>;
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
};

export type FakeUpstream = {
  url: string;
  requests: RecordedRequest[];
  /** Sets the reply of a path (a function may look at the request body). */
  on(path: string, reply: CannedReply | ((body: Record<string, unknown>) => CannedReply)): void;
  reset(): void;
  close(): Promise<void>;
};

/** `{code, message, data, timestamp}` as the real API sends it. */
export function envelope(code: number, message: string, data?: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { code, message };
  if (data !== undefined) body.data = data;
  body.timestamp = 1_700_000_000;
  return body;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const replies = new Map<string, CannedReply | ((body: Record<string, unknown>) => CannedReply)>();
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      // keep the raw text
    }
    const path = new URL(req.url ?? "/", "http://fake.local").pathname;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });

    const entry = replies.get(path);
    const reply: CannedReply = !entry
      ? { status: 404, contentType: "text/plain", body: `no canned reply for ${path}` }
      : typeof entry === "function"
        ? entry((body && typeof body === "object" ? body : {}) as Record<string, unknown>)
        : entry;

    if (reply.delayMs) await wait(reply.delayMs);
    if (res.destroyed) return;
    const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {});
    res.writeHead(reply.status ?? 200, { ...reply.headers, "content-type": reply.contentType ?? "application/json; charset=utf-8" });
    if (reply.bodyDelayMs) {
      res.write(text.slice(0, 1));
      await wait(reply.bodyDelayMs);
      if (res.destroyed) return;
      res.end(text.slice(1));
    } else {
      res.end(text);
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (path, reply) => void replies.set(path, reply),
    reset: () => {
      replies.clear();
      requests.length = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A base URL where nothing listens (a port that was free a moment ago). */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
