import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect, type AddressInfo } from "node:net";
import { gunzipSync, inflateSync } from "node:zlib";
import { z } from "zod";
import type { Outcome, RecordedCall } from "./calls";

/**
 * The suite's recording proxy: the BFF's UPSTREAM_URL points here, and every call is forwarded to
 * the real upstream unchanged and recorded with what the BFF's debug log does not say
 * (docs/testing.md): the member it was made for, the upstream's code and message, and
 * whether the endpoint exists at all. Lines of the BFF's own log are fed in too (`noteBffLine`), so
 * that a call the BFF could not read (no envelope, a shape its schema refused) is marked a fault.
 *
 * Control endpoints under /__suite/ (never forwarded) let the journeys read the calls made during a
 * test and mark the refusals they expected.
 */

/** Calls whose answer carries a new member token: the member is named in the request's body. */
const TOKEN_GRANTING = /^\/api\/(login\/login|login\/mobile|register\/username|register\/mobile)$/i;
/** How long after a call's answer the BFF's log line about it may come. */
const BFF_LINE_WINDOW_MS = 5_000;

const BffLineSchema = z.object({ time: z.string(), event: z.string() }).passthrough();

type Recorder = {
  url: string;
  calls(): readonly RecordedCall[];
  /** Lines of the BFF's log that are faults by themselves (a 5xx answer, an unexpected error, a render error). */
  bffFaults(): readonly BffFault[];
  noteBffLine(line: string): void;
  close(): Promise<void>;
};

export type BffFault = { at: number; event: string; line: string };

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  if (encoding === "deflate") return inflateSync(body).toString("utf8");
  return body.toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The outcome of one answer as the wire shows it; the BFF's log may still turn a success into a fault. */
export function classify(status: number, contentType: string, text: string): { outcome: Outcome; code?: number; message?: string; detail?: string } {
  if (status === 404) return { outcome: "missing endpoint", detail: "HTTP 404" };
  // The same page of 5.5.2 for an unknown route, rendered empty while a parallel request rewrites
  // its compiled template (docs/architecture.md): the BFF reads it as nothing or answers 502, which
  // its request log reports.
  if (status >= 200 && status < 300 && text.trim() === "") return { outcome: "missing endpoint", detail: "empty body" };
  const json = parseJson(text);
  if (json === undefined) {
    // A stock Niushop answers unknown routes with its "页面无法访问" HTML page and HTTP 200.
    if (status >= 200 && status < 300 && contentType.includes("text/html") && /^\s*</.test(text)) return { outcome: "missing endpoint", detail: "HTML page" };
    return { outcome: "fault", detail: `HTTP ${status}, not JSON: ${text.slice(0, 120).replace(/\s+/g, " ")}` };
  }
  if (status < 200 || status >= 300) return { outcome: "fault", detail: `HTTP ${status}` };
  const envelope = z.object({ code: z.coerce.number().int(), message: z.string().catch("") }).safeParse(json);
  // Without the envelope the BFF decides: it reads some such answers on purpose (fromtype), and logs "no envelope" otherwise.
  if (!envelope.success) return { outcome: "success", detail: "no envelope" };
  if (envelope.data.code < 0) return { outcome: "unexpected refusal", code: envelope.data.code, message: envelope.data.message };
  return { outcome: "success", code: envelope.data.code, message: envelope.data.message };
}

/** What the BFF adds to every call; a body with nothing else asks for nothing. */
const CHANNEL_FIELDS = new Set(["app_type", "app_type_name"]);
const MISSING_PARAMETER = /^缺少参数/;

/**
 * The BFF learns whether an optional endpoint exists (ADR 009) by calling it without a token and
 * without parameters: an existing endpoint that needs some answers "缺少参数…", which is the
 * expected answer to such a probe, not a refusal of anything a member did.
 */
function asProbe(sent: unknown, verdict: ReturnType<typeof classify>): ReturnType<typeof classify> {
  const bare = typeof sent === "object" && sent !== null && Object.keys(sent).every((key) => CHANNEL_FIELDS.has(key));
  if (bare && verdict.outcome === "unexpected refusal" && MISSING_PARAMETER.test(verdict.message ?? "")) {
    return { ...verdict, outcome: "expected refusal", detail: "capability probe: the endpoint exists" };
  }
  return verdict;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
}

const MarkSchema = z.object({ seqs: z.array(z.number().int().positive()).max(10_000) });

export async function startRecorder(options: { port: number; upstreamUrl: string; host?: string }): Promise<Recorder> {
  const upstream = new URL(options.upstreamUrl.replace(/\/?$/, "/"));
  const calls: RecordedCall[] = [];
  const faults: BffFault[] = [];
  const memberOfToken = new Map<string, string>();

  const record = (call: Omit<RecordedCall, "seq">) => {
    const recorded = { ...call, seq: calls.length + 1 };
    calls.push(recorded);
    return recorded;
  };

  const control = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname === "/__suite/seq") return sendJson(res, 200, { seq: calls.length });
    if (url.pathname === "/__suite/calls") {
      const since = Number(url.searchParams.get("since") ?? 0);
      return sendJson(res, 200, { calls: calls.slice(Number.isFinite(since) ? since : 0), faults });
    }
    if (url.pathname === "/__suite/expected" && req.method === "POST") {
      const parsed = MarkSchema.safeParse(parseJson((await readBody(req)).toString("utf8")));
      if (!parsed.success) return sendJson(res, 400, { error: parsed.error.message });
      for (const seq of parsed.data.seqs) {
        const call = calls[seq - 1];
        if (call?.outcome === "unexpected refusal") call.outcome = "expected refusal";
      }
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { error: "unknown control path" });
  };

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const started = Date.now();
    const target = new URL(req.url?.replace(/^\/+/, "") ?? "", upstream);
    const path = target.pathname;
    const sent = req.method === "POST" ? parseJson(body.toString("utf8")) : undefined;
    const fields = z
      .object({ token: z.string().optional(), username: z.string().optional(), mobile: z.string().optional() })
      .passthrough()
      .catch({})
      .parse(sent ?? {});
    const member = (fields.token && memberOfToken.get(fields.token)) || fields.username || fields.mobile || null;
    const transport = target.protocol === "https:" ? httpsRequest : httpRequest;
    const headers = { ...req.headers, host: target.host };
    const answer = await new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer } | Error>((resolve) => {
      const outgoing = transport(target, { method: req.method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", resolve);
      });
      outgoing.on("error", resolve);
      outgoing.end(body);
    });
    if (answer instanceof Error) {
      if (req.method === "POST") record({ at: Date.now(), ms: Date.now() - started, path, member, outcome: "fault", detail: answer.message });
      res.destroy();
      return;
    }
    // Images and other files the BFF's /media proxy fetches are passed on, not counted.
    if (req.method === "POST") {
      const text = decode(answer.body, answer.headers["content-encoding"]);
      const verdict = classify(answer.status, String(answer.headers["content-type"] ?? ""), text);
      const json = parseJson(text) as { data?: { token?: unknown }; refreshtoken?: unknown } | undefined;
      if (TOKEN_GRANTING.test(path) && typeof json?.data?.token === "string" && member) memberOfToken.set(json.data.token, member);
      if (typeof json?.refreshtoken === "string" && member) memberOfToken.set(json.refreshtoken, member);
      record({ at: Date.now(), ms: Date.now() - started, path, member, ...asProbe(sent, verdict) });
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://recorder.invalid");
    const work = url.pathname.startsWith("/__suite/") ? control(req, res, url) : forward(req, res);
    work.catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.destroy();
    });
  });

  // The chat socket (if the BFF opens one) is piped through as it is.
  server.on("upgrade", (req: IncomingMessage, socket, head) => {
    const port = Number(upstream.port || (upstream.protocol === "https:" ? 443 : 80));
    const tunnel = connect(port, upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([name, value]) => `${name}: ${String(value)}`)];
      tunnel.write(`${lines.join("\r\n")}\r\n\r\n`);
      tunnel.write(head);
      socket.pipe(tunnel).pipe(socket);
    });
    tunnel.on("error", () => socket.destroy());
    socket.on("error", () => tunnel.destroy());
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });

  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    bffFaults: () => faults,
    noteBffLine(line: string) {
      const parsed = BffLineSchema.safeParse(parseJson(line));
      if (!parsed.success) return;
      const at = Date.parse(parsed.data.time);
      const { event } = parsed.data;
      // An empty answer is logged as a failure where it arrives, before its caller decides (see classify).
      if (event === "upstream_failure" && parsed.data.detail !== "empty body") {
        // The BFF could not use an answer (no envelope, a shape its schema refused, not JSON, an
        // HTTP error, no answer): the latest such call to that path that was answered just before.
        const path = String(parsed.data.path ?? "");
        const detail = String(parsed.data.detail ?? "");
        const call = [...calls]
          .reverse()
          .find((candidate) => candidate.path === path && candidate.at <= at + 50 && at - candidate.at < BFF_LINE_WINDOW_MS && !candidate.bffDetail);
        if (call) {
          call.outcome = "fault";
          call.bffDetail = detail;
        } else {
          faults.push({ at, event, line });
        }
        return;
      }
      const status = Number(parsed.data.status ?? 0);
      if (event === "unexpected_error" || event === "render_error" || (event === "request" && status >= 500)) faults.push({ at, event, line });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
