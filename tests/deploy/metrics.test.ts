import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { mergeSnapshots, metricsSnapshot, observeRequest, observeUpstream, renderPrometheus, resetMetrics, serveMetrics } from "~/utils/metrics.server";

afterEach(() => resetMetrics());

describe("metrics", () => {
  test("requests and upstream calls in Prometheus' text format", () => {
    observeRequest("GET", 200, 0.02);
    observeRequest("GET", 200, 0.3);
    observeRequest("POST", 303, 0.004);
    observeUpstream("/api/goodssku/info", "ok", 0.012);
    observeUpstream("/api/goodssku/info", "timeout", null);
    const text = renderPrometheus(metricsSnapshot());
    expect(text).toContain("# TYPE bff_http_requests_total counter");
    expect(text).toContain('bff_http_requests_total{method="GET",status="200"} 2');
    expect(text).toContain('bff_http_requests_total{method="POST",status="303"} 1');
    expect(text).toContain('bff_http_request_duration_seconds_bucket{method="GET",le="0.025"} 1');
    expect(text).toContain('bff_http_request_duration_seconds_bucket{method="GET",le="0.5"} 2');
    expect(text).toContain('bff_http_request_duration_seconds_bucket{method="GET",le="+Inf"} 2');
    expect(text).toContain('bff_http_request_duration_seconds_sum{method="GET"} 0.32');
    expect(text).toContain('bff_upstream_requests_total{endpoint="/api/goodssku/info",outcome="timeout"} 1');
    expect(text).toContain('bff_upstream_request_duration_seconds_count{endpoint="/api/goodssku/info"} 1');
  });

  test("the snapshots of several workers add up", () => {
    observeRequest("GET", 200, 0.02);
    const one = structuredClone(metricsSnapshot());
    const merged = mergeSnapshots([one, one]);
    expect(merged.counters['bff_http_requests_total{method="GET",status="200"}']).toBe(2);
    expect(merged.histograms['bff_http_request_duration_seconds{method="GET"}'].count).toBe(2);
  });

  test("served on its own port at /metrics only", async () => {
    observeRequest("GET", 200, 0.01);
    const server = serveMetrics(0, "127.0.0.1", async () => metricsSnapshot());
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const response = await fetch(`${base}/metrics`);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await response.text()).toContain('bff_http_requests_total{method="GET",status="200"} 1');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
