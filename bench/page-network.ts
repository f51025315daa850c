/**
 * A page's requests and bytes, read from CDP's network events (bench:vs-niushop): how many requests,
 * the bytes on the wire (`encodedDataLength`: headers and encoded bodies), those to an `/api/` path,
 * when the network has been quiet for 500 ms, and what the bytes would have been with every text
 * response compressed.
 */
import type { CDPSession } from "@playwright/test";
import { gzipSync } from "node:zlib";

/** How long without a request starting or ending counts as settled (Playwright's `networkidle` too). */
const QUIET_MS = 500;

/** Text a web server would compress (nginx's `gzip_types` and more): what the gzip estimate covers. */
const TEXTUAL = /^(text\/|application\/(javascript|x-javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

export type FinishedResponse = { requestId: string; encodedDataLength: number; textual: boolean; compressed: boolean };

/** Counts a page's requests and bytes from CDP's network events, and knows when the network is quiet. */
export async function meterNetwork(cdp: CDPSession) {
  const inFlight = new Set<string>();
  const kinds = new Map<string, { textual: boolean; compressed: boolean }>();
  const finished: FinishedResponse[] = [];
  const meter = { requests: 0, transferredBytes: 0, redirectBytes: 0, apiCalls: 0, finished, lastActivity: performance.now(), quiet: () => false };
  const counted = (url: string) => !url.startsWith("data:") && !url.startsWith("blob:");
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!counted(event.request.url)) return;
    meter.lastActivity = performance.now();
    // A redirect reuses the request id: the hop that ended is a request of its own, with its bytes.
    if (event.redirectResponse) meter.redirectBytes += event.redirectResponse.encodedDataLength;
    meter.requests += 1;
    if (new URL(event.request.url).pathname.includes("/api/")) meter.apiCalls += 1;
    inFlight.add(event.requestId);
  });
  cdp.on("Network.responseReceived", (event) => {
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1];
    kinds.set(event.requestId, { textual: TEXTUAL.test(event.response.mimeType), compressed: Boolean(encoding && encoding !== "identity") });
  });
  cdp.on("Network.loadingFinished", (event) => {
    if (!inFlight.delete(event.requestId)) return;
    meter.lastActivity = performance.now();
    meter.transferredBytes += event.encodedDataLength;
    finished.push({
      requestId: event.requestId,
      encodedDataLength: event.encodedDataLength,
      ...(kinds.get(event.requestId) ?? { textual: false, compressed: false }),
    });
  });
  cdp.on("Network.loadingFailed", (event) => {
    if (inFlight.delete(event.requestId)) meter.lastActivity = performance.now();
  });
  meter.quiet = () => inFlight.size === 0 && performance.now() - meter.lastActivity >= QUIET_MS;
  await cdp.send("Network.enable");
  return meter;
}

/** The compression middleware's default threshold: smaller bodies go as they are. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The bytes a page would have cost had every text response of 1 KB or more that came uncompressed
 * been gzipped (zlib's default level and threshold, as the BFF's compression middleware): PHP's
 * built-in server, which serves Niushop and its PC client here, compresses nothing, where a real
 * shop's nginx would. Asked of Chromium after the page settled, so it costs the measured visit nothing.
 */
export async function bytesIfGzipped(cdp: CDPSession, finished: FinishedResponse[]): Promise<number> {
  let total = 0;
  for (const response of finished) {
    const body =
      response.textual && !response.compressed ? await cdp.send("Network.getResponseBody", { requestId: response.requestId }).catch(() => null) : null;
    const raw = body ? Buffer.from(body.body, body.base64Encoded ? "base64" : "utf8") : null;
    if (!raw || raw.length < COMPRESSION_THRESHOLD_BYTES) {
      total += response.encodedDataLength;
      continue;
    }
    total += Math.max(0, response.encodedDataLength - raw.length) + gzipSync(raw).length; // its headers, then the body gzipped
  }
  return total;
}
