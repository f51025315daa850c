import { request as httpRequest } from "node:http";

/**
 * One HTTP exchange with the BFF, recorded exactly enough to be replayed: plain `fetch` with
 * `redirect: "manual"`, or `node:http` for raw paths that `fetch` would normalise (a `\` in the
 * path becomes `/` in WHATWG URLs).
 */
export type Body = string | Buffer | URLSearchParams | FormData;

export type Req = {
  base: string;
  method?: string;
  /** Path and query, sent as written. */
  path: string;
  headers?: Record<string, string>;
  body?: Body;
  /** A browser navigation (top-level document): Accept text/html, Sec-Fetch-Mode navigate. */
  document?: boolean;
  /** Send with node:http, byte for byte (no URL normalisation). */
  raw?: boolean;
  timeoutMs?: number;
};

export type Res = {
  status: number;
  headers: Headers;
  body: string;
  location: string | null;
  setCookies: string[];
  /** A connection-level failure (no HTTP answer). */
  error?: string;
  ms: number;
};

export const DOCUMENT_HEADERS = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Language": "zh-CN,zh;q=0.9",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Dest": "document",
  "Upgrade-Insecure-Requests": "1",
};

function headersOf(req: Req): Record<string, string> {
  return { ...(req.document ? DOCUMENT_HEADERS : { "Accept-Language": "zh-CN" }), ...req.headers };
}

export async function send(req: Req): Promise<Res> {
  return req.raw ? sendRaw(req) : sendFetch(req);
}

async function sendFetch(req: Req): Promise<Res> {
  const started = performance.now();
  try {
    const response = await fetch(req.base + req.path, {
      method: req.method ?? "GET",
      headers: headersOf(req),
      body: Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : req.body,
      redirect: "manual",
      signal: AbortSignal.timeout(req.timeoutMs ?? 20_000),
    });
    const body = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body,
      location: response.headers.get("location"),
      setCookies: response.headers.getSetCookie(),
      ms: performance.now() - started,
    };
  } catch (error) {
    return failed(error, started);
  }
}

function failed(error: unknown, started: number): Res {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return {
    status: 0,
    headers: new Headers(),
    body: "",
    location: null,
    setCookies: [],
    error: `${error instanceof Error ? error.message : String(error)}${cause}`,
    ms: performance.now() - started,
  };
}

function sendRaw(req: Req): Promise<Res> {
  const started = performance.now();
  const url = new URL(req.base);
  const body = req.body === undefined ? undefined : typeof req.body === "string" || Buffer.isBuffer(req.body) ? req.body : String(req.body);
  const headers: Record<string, string> = { ...headersOf(req) };
  if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
  return new Promise((resolve) => {
    let answered = false;
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, method: req.method ?? "GET", path: req.path, headers, timeout: req.timeoutMs ?? 20_000, agent: false }, // a fresh connection: no stale keep-alive socket
      (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const h = new Headers();
          const cookies: string[] = [];
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value === undefined) continue;
            if (name === "set-cookie") cookies.push(...(value as string[]));
            for (const v of Array.isArray(value) ? value : [value]) h.append(name, v);
          }
          resolve({
            status: incoming.statusCode ?? 0,
            headers: h,
            body: Buffer.concat(chunks).toString("utf8"),
            location: incoming.headers.location ?? null,
            setCookies: cookies,
            ms: performance.now() - started,
          });
        });
        incoming.on("error", (error) => resolve(failed(error, started)));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("timed out")));
    // A server may answer (413, a redirect) before it has read a big body and then close the
    // connection: the answer counts, not the reset of the upload that follows it.
    outgoing.on("error", (error) => {
      if (!answered) resolve(failed(error, started));
    });
    outgoing.end(body);
  });
}

/** Shell quoting; text with control characters becomes $'…' with escapes, so the line stays one line and exact. */
function shellQuote(text: string): string {
  if (!/[\u0000-\u001f\u007f]/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  const escaped = text.replace(/[\\'\u0000-\u001f\u007f]/g, (c) =>
    c === "\\"
      ? "\\\\"
      : c === "'"
        ? "\\'"
        : c === "\n"
          ? "\\n"
          : c === "\r"
            ? "\\r"
            : c === "\t"
              ? "\\t"
              : `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
  return `$'${escaped}'`;
}
const clip = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

/** The request as a curl command line (bodies over 400 characters and headers over 600 are cut, with their length). */
export function describe(req: Req): string {
  const parts = ["curl -si"];
  if (req.raw) parts.push("--path-as-is");
  if ((req.method ?? "GET") !== "GET") parts.push(`-X ${req.method}`);
  parts.push(shellQuote(req.base + req.path));
  for (const [name, value] of Object.entries(req.headers ?? {})) parts.push(`-H ${shellQuote(`${name}: ${clip(value, 600)}`)}`);
  if (req.document) parts.push("-H 'Accept: text/html'");
  if (req.body instanceof FormData) {
    const fields = [...req.body.entries()].map(([k, v]) =>
      typeof v === "string" ? `-F ${shellQuote(`${k}=${clip(v, 80)}`)}` : `-F ${shellQuote(`${k}=@file(${v.size} bytes)`)}`,
    );
    parts.push(...fields);
  } else if (req.body !== undefined) {
    const text = Buffer.isBuffer(req.body) ? req.body.toString("latin1") : String(req.body);
    if (Buffer.isBuffer(req.body) && !(req.headers && Object.keys(req.headers).some((k) => k.toLowerCase() === "content-type")))
      parts.push("-H 'Content-Type:'");
    parts.push(`--data-binary ${shellQuote(clip(text))}`);
  }
  return parts.join(" ");
}

/** Runs `work` over `items`, at most `limit` at a time (the machine is small and shared). */
export async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  });
  await Promise.all(workers);
  return results;
}

/** `name=value` pairs of Set-Cookie lines, as a Cookie header (later ones win). */
export function cookieHeader(setCookies: string[], base = ""): string {
  const jar = new Map<string, string>();
  for (const pair of base.split(/;\s*/).filter(Boolean)) {
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const line of setCookies) {
    const pair = line.split(";")[0];
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
