import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestShopApi } from "../../shop-api/testing";

/**
 * Endpoint switches for contract tests: make the reference shop API answer some paths the way a
 * stock Niushop 5.5.2 answers a route it does not have (its HTML error page with HTTP 200), so the
 * BFF can be tested against a shop without the addons (ADR 009).
 *
 * Two implementations of the same `EndpointSwitches`: `startStockFront` is a small proxy in front
 * of the shop API that answers the disabled paths itself; `shopApiSwitches` uses the shop API's own
 * switches (`disabledEndpoints`, `POST /__test/endpoints`) once they are in shop-api/.
 */
export type EndpointSwitches = {
  /** The base URL the BFF calls. */
  url: string;
  /** `"stock"` (what a stock Niushop lacks), a list of paths or prefixes, or `[]` (everything on). */
  disable(spec: "stock" | string[]): Promise<void>;
  close(): Promise<void>;
};

/**
 * What a stock Niushop B2C 5.5.2 lacks among the paths the BFF calls: the same list as the shop
 * API's `STOCK_NIUSHOP_MISSING` (shop-api/core/endpoints.ts), as paths or prefixes.
 */
export const STOCK_NIUSHOP_MISSING = [
  "/multiaccount",
  "/salecontrol",
  "/bundling/api/cart",
  "/pc/api",
  "/api/register/labellist",
  "/api/register/getAptitude",
  "/api/Cart/calculate",
  "/api/goodssku/searchGoodsByKeyWord",
];

/** ThinkPHP's error page for an unknown route, as a stock Niushop sends it (HTTP 200). */
const NOT_FOUND_HTML = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="UTF-8"><title>系统发生错误</title></head><body><h1>页面错误！请稍后再试～</h1></body></html>`;

function normalise(path: string): string {
  return `/${path.replace(/^\/+/, "").replace(/\/+$/, "")}`.toLowerCase();
}

/** A proxy to `target` that answers the disabled paths (and everything below them) with the stock error page. */
export async function startStockFront(target: string): Promise<EndpointSwitches> {
  let disabled: string[] = [];
  const isDisabled = (path: string) => {
    const p = normalise(path);
    return disabled.some((d) => p === d || p.startsWith(`${d}/`));
  };

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://front.local").pathname;
    if (isDisabled(path)) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(NOT_FOUND_HTML);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const answer = await fetch(new URL(req.url ?? "/", target), {
        method: req.method,
        headers: { "content-type": req.headers["content-type"] ?? "application/json" },
        body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/octet-stream" });
      res.end(body);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    disable: async (spec) => {
      disabled = (spec === "stock" ? STOCK_NIUSHOP_MISSING : spec).map(normalise);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The shop API's own switches (its test API must be on). Needs shop-api's `POST /__test/endpoints`. */
export function shopApiSwitches(shop: TestShopApi): EndpointSwitches {
  return {
    url: shop.url,
    disable: async (spec) => {
      const answer = await shop.testApi("/__test/endpoints", { disabled: spec });
      if (answer.status !== 200) throw new Error(`POST /__test/endpoints answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    },
    close: async () => {},
  };
}
