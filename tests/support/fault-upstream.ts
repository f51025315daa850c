import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { envelope } from "./fake-upstream";

/**
 * An upstream that misbehaves on demand, for every path at once (fake-upstream.ts answers per path
 * and cannot drop connections). It listens on a fixed port so that "refused" can really close the
 * listener and a BFF started against it sees ECONNREFUSED; "proxy" forwards to a real shop API.
 */
export const FAULT_MODES = [
  "proxy",
  "hang",
  "slow-body",
  "http-500",
  "http-503",
  "html",
  "bad-json",
  "empty-body",
  "not-envelope",
  "bad-shape",
  "error-envelope",
  "refused",
  "reset",
  "reset-mid-body",
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export type FaultUpstream = {
  url: string;
  mode(): FaultMode;
  setMode(mode: FaultMode): Promise<void>;
  close(): Promise<void>;
};

export async function startFaultUpstream(options: { port: number; proxyTo?: string; host?: string }): Promise<FaultUpstream> {
  const host = options.host ?? "127.0.0.1";
  let current: FaultMode = "proxy";
  const sockets = new Set<Socket>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const json = (body: string) => res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(body);
      switch (current) {
        case "proxy": {
          if (!options.proxyTo) return res.writeHead(502).end("no proxy target");
          const upstream = httpRequest(new URL(req.url ?? "/", options.proxyTo), { method: req.method, headers: req.headers }, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          });
          upstream.on("error", () => res.destroy());
          return upstream.end(Buffer.concat(chunks));
        }
        case "hang":
          return; // never answers; the BFF's time-out decides
        case "slow-body":
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.write('{"code":0,"message":"', () => {}); // and nothing more
        case "http-500":
          return res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error");
        case "http-503":
          return res.writeHead(503, { "Content-Type": "text/html", "Retry-After": "1" }).end("<html><body>Service Unavailable</body></html>");
        case "html":
          return res.writeHead(200, { "Content-Type": "text/html" }).end("<!DOCTYPE html><html><body><h1>404</h1></body></html>");
        case "bad-json":
          return json('{"code":0,"message":"操作成功","data":{"site_name":');
        case "empty-body":
          return json("");
        case "not-envelope":
          return json("[1,2,3]");
        case "bad-shape":
          return json(JSON.stringify(envelope(0, "操作成功", { site_name: 42, list: "nope", count: {} })));
        case "error-envelope":
          return json(JSON.stringify(envelope(-1, "系统异常：resilience probe")));
        case "reset":
          return req.socket.destroy();
        case "reset-mid-body":
          res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "4096" });
          return res.write('{"code":0,"data":{', () => setTimeout(() => req.socket.destroy(), 20));
        case "refused":
          return req.socket.destroy(); // only reached by a connection accepted before the switch
      }
    });
  };

  const server = createServer(handle);
  server.keepAliveTimeout = 1000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  await listen();

  return {
    url: `http://${host}:${options.port}`,
    mode: () => current,
    async setMode(mode) {
      // Drop kept-alive and hanging connections, so the next call sees the new mode from its first byte.
      for (const socket of sockets) socket.destroy();
      if (mode === "refused" && server.listening) await stop();
      if (mode !== "refused" && !server.listening) await listen();
      current = mode;
    },
    close: stop,
  };
}
