/**
 * Where every cold visit of the browser benches comes from: a blank page of another site
 * (`localhost`, while the pages measured are on `127.0.0.1`), as a buyer arrives from a search
 * result or another site's tab. A page's first document then opens in a renderer of its own, as it
 * does for a real visit (site isolation), whatever headers it sends. Opened straight from a new
 * tab's initial `about:blank` instead, a page without `Cross-Origin-Opener-Policy` (Niushop's) takes
 * over the renderer the automation started before the clock, while one with it (the storefront's)
 * waits for a new browsing context group at its response: 43–51 ms of difference on this machine that
 * no buyer's visit has (docs/performance.md, "2026-12-02 (18)").
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";

export async function startEntrySite(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end('<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>搜索结果</title></head><body></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** Opens the entry page in `page`: call before installing a visit's probes and meters, then navigate to the page measured. */
export async function comeFrom(page: Page, entryUrl: string): Promise<void> {
  await page.goto(entryUrl, { waitUntil: "load" });
}
