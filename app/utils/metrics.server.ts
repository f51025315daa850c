import cluster from "node:cluster";
import { createServer } from "node:http";

/**
 * Request and upstream metrics in Prometheus' text format (docs/operations.md "Metrics"), kept in
 * memory per process. server.ts serves them on METRICS_PORT, apart from the shop's own port; with
 * several cluster workers the primary asks each worker for its snapshot and adds them up.
 * Labels are bounded: HTTP method and status, and the upstream endpoint paths the code calls.
 */

/** Seconds; from a cached page (~1 ms) to an upstream time-out. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Histogram = { buckets: number[]; sum: number; count: number };
/** Series are keyed by `name{label="value",...}` (the Prometheus sample name itself). */
export type MetricsSnapshot = { counters: Record<string, number>; histograms: Record<string, Histogram> };

const HELP: Record<string, [type: "counter" | "histogram", help: string]> = {
  bff_http_requests_total: ["counter", "Requests answered by the BFF, by method and status."],
  bff_http_request_duration_seconds: ["histogram", "Time from request to the end of the answer, by method."],
  bff_upstream_requests_total: ["counter", "Calls to the upstream shop API by endpoint and outcome (ok, refused, error, timeout)."],
  bff_upstream_request_duration_seconds: ["histogram", "Time of the upstream calls that were answered, by endpoint."],
};

// server.ts (esbuild's bundle) and the Remix build (Vite's) each get their own copy of this module;
// both must count into the same snapshot, so it lives on globalThis.
const STATE = Symbol.for("pharma-bff.metrics");
const state = ((globalThis as Record<symbol, unknown>)[STATE] ??= { current: { counters: {}, histograms: {} } }) as { current: MetricsSnapshot };

function series(name: string, labels: Record<string, string>): string {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`);
  return `${name}{${pairs.join(",")}}`;
}

function count(key: string) {
  const { counters } = state.current;
  counters[key] = (counters[key] ?? 0) + 1;
}

function observe(key: string, seconds: number) {
  const histogram = (state.current.histograms[key] ??= { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 });
  BUCKETS.forEach((bound, index) => {
    if (seconds <= bound) histogram.buckets[index] += 1;
  });
  histogram.sum += seconds;
  histogram.count += 1;
}

export function observeRequest(method: string, status: number, seconds: number) {
  count(series("bff_http_requests_total", { method, status: String(status) }));
  observe(series("bff_http_request_duration_seconds", { method }), seconds);
}

/** One upstream call; `seconds` is null when no answer came (error, time-out). */
export function observeUpstream(endpoint: string, outcome: "ok" | "refused" | "error" | "timeout", seconds: number | null) {
  count(series("bff_upstream_requests_total", { endpoint, outcome }));
  if (seconds !== null) observe(series("bff_upstream_request_duration_seconds", { endpoint }), seconds);
}

export function metricsSnapshot(): MetricsSnapshot {
  return state.current;
}

/** For tests. */
export function resetMetrics() {
  state.current = { counters: {}, histograms: {} };
}

/** Adds up the snapshots of several processes (counters and histogram buckets add). */
export function mergeSnapshots(snapshots: MetricsSnapshot[]): MetricsSnapshot {
  const merged: MetricsSnapshot = { counters: {}, histograms: {} };
  for (const snapshot of snapshots) {
    for (const [key, value] of Object.entries(snapshot.counters)) merged.counters[key] = (merged.counters[key] ?? 0) + value;
    for (const [key, histogram] of Object.entries(snapshot.histograms)) {
      const into = (merged.histograms[key] ??= { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 });
      histogram.buckets.forEach((value, index) => (into.buckets[index] += value));
      into.sum += histogram.sum;
      into.count += histogram.count;
    }
  }
  return merged;
}

/** The Prometheus text exposition format (version 0.0.4). */
export function renderPrometheus(snapshot: MetricsSnapshot): string {
  const lines: string[] = [];
  for (const [name, [type, help]] of Object.entries(HELP)) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    if (type === "counter") {
      for (const [key, value] of Object.entries(snapshot.counters)) if (key.startsWith(`${name}{`)) lines.push(`${key} ${value}`);
      continue;
    }
    for (const [key, histogram] of Object.entries(snapshot.histograms)) {
      if (!key.startsWith(`${name}{`)) continue;
      const labels = key.slice(name.length + 1, -1);
      const withLabels = (extra: string) => `{${labels ? `${labels},` : ""}${extra}}`;
      BUCKETS.forEach((bound, index) => lines.push(`${name}_bucket${withLabels(`le="${bound}"`)} ${histogram.buckets[index]}`));
      lines.push(`${name}_bucket${withLabels('le="+Inf"')} ${histogram.count}`);
      lines.push(`${name}_sum{${labels}} ${Number(histogram.sum.toFixed(6))}`, `${name}_count{${labels}} ${histogram.count}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

const CHANNEL = "bff_metrics";
type MetricsMessage = { channel: typeof CHANNEL; id: number; snapshot?: MetricsSnapshot };
const isMetricsMessage = (message: unknown): message is MetricsMessage => (message as Partial<MetricsMessage> | null)?.channel === CHANNEL;

/** In a cluster worker: answers the primary's requests for this worker's snapshot. */
export function answerMetricsRequests() {
  process.on("message", (message: unknown) => {
    if (isMetricsMessage(message) && !message.snapshot) process.send?.({ channel: CHANNEL, id: message.id, snapshot: state.current } satisfies MetricsMessage);
  });
}

let nextId = 0;
/** In the cluster primary: every worker's snapshot, added up (a worker that does not answer within 1 s is left out). */
export async function clusterSnapshot(): Promise<MetricsSnapshot> {
  const id = (nextId += 1);
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
  const answers = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<MetricsSnapshot | null>((resolve) => {
          const timer = setTimeout(() => done(null), 1000);
          const onMessage = (message: unknown) => {
            if (isMetricsMessage(message) && message.id === id && message.snapshot) done(message.snapshot);
          };
          function done(snapshot: MetricsSnapshot | null) {
            clearTimeout(timer);
            worker?.off("message", onMessage);
            resolve(snapshot);
          }
          worker?.on("message", onMessage);
          worker?.send({ channel: CHANNEL, id } satisfies MetricsMessage);
        }),
    ),
  );
  return mergeSnapshots(answers.filter((answer): answer is MetricsSnapshot => answer !== null));
}

/**
 * The metrics endpoint on its own port (METRICS_PORT): GET /metrics. Not routed through the shop's
 * port, so neither the Ingress nor the public can reach it; Prometheus scrapes the pod's port.
 */
export function serveMetrics(port: number, host: string, snapshot: () => Promise<MetricsSnapshot>) {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    snapshot().then(
      (taken) => res.writeHead(200, { "Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store" }).end(renderPrometheus(taken)),
      () => res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics unavailable\n"),
    );
  });
  server.listen(port, host);
  return server;
}
