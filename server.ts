import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import { readToken, SESSION_COOKIE } from "./app/session/session.server";
import { mayMutate, startNewRevision } from "./app/session/session-revision.server";
import { backgroundWorkDone } from "./app/utils/background-work.server";
import { createChatRelay } from "./app/relay/chat-relay.server";
import { relaySharedMarks } from "./app/utils/cluster.server";
import { closeSharedStore, connectSharedStore } from "./app/utils/shared-store.server";
import { relaySharedHolds } from "./app/utils/cluster-holds.server";
import { parseEnv, resetEnvCache, type Env } from "./app/utils/env.server";
import { dependencyPatches } from "./app/utils/dependency-patches.server";
import { log } from "./app/utils/log.server";
import { fetchUpstreamImage, imageHeaders, mediaProxy } from "./app/utils/media-proxy.server";
import { privateUploadPath } from "./app/utils/private-media.server";
import { answerMetricsRequests, clusterSnapshot, metricsSnapshot, observeRequest, serveMetrics } from "./app/utils/metrics.server";
import { applyScopeToHeaders, newRequestScope, type RequestScope } from "./app/utils/request-scope.server";
import { crossSiteRefusal, requestOrigin } from "./app/utils/same-origin.server";
import { hasCookie, visitorPageCache } from "./app/utils/visitor-page-cache.server";
import { WECHAT_QR_ORIGIN } from "./app/upstream/wechat-qrcode";

/**
 * The BFF's process: Express with security headers, compression, static assets, health check,
 * the /media proxy for upstream images, and the Remix handler. Without UPSTREAM_URL it starts the
 * reference shop API in-process with demo data (README). In production it runs WEB_CONCURRENCY
 * workers (node:cluster) behind one port; the primary forks, shares and drains them.
 */
let config: Env;
try {
  config = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const isProduction = config.NODE_ENV === "production";
// One process per core in production (ADR 010); development keeps one (Vite's dev server).
const workerCount = isProduction ? config.WEB_CONCURRENCY : 1;

// What is set up once per machine happens in the primary, before any worker is forked: the
// embedded shop API (one database, one place) and a generated secret that every worker shares, so
// a cookie issued by one worker is honoured by the others. Workers inherit both through the env.
let stopShopApi: (() => Promise<void>) | undefined;
if (cluster.isPrimary) {
  if (!config.UPSTREAM_URL) {
    const { mkdirSync } = await import("node:fs");
    const { createShopApi } = await import("@storefront/shop-api");
    mkdirSync(config.DATA_DIR, { recursive: true });
    const shopApi = await createShopApi({
      dbPath: path.join(config.DATA_DIR, "shop-api.sqlite"),
      testApi: config.SHOP_API_TEST_MODE === "1",
      closed: config.SHOP_CLOSED === "1",
      log: config.LOG_LEVEL !== "silent",
    });
    stopShopApi = shopApi.close;
    process.env.UPSTREAM_URL = shopApi.url;
    process.env.EMBEDDED_SHOP_API = "1";
    log("embedded_shop_api", { url: shopApi.url, dataDir: config.DATA_DIR });
  }
  if (!config.SESSION_SECRET) {
    process.env.SESSION_SECRET = randomBytes(32).toString("hex");
    log("warning", { message: "SESSION_SECRET is not set: generated one for this run; sessions end when it restarts" });
  }
  resetEnvCache();
  config = parseEnv(process.env);
  // Which dependency patches (patches/, ADR 055) this install carries: without one the shop works, slower.
  const patches = dependencyPatches();
  log("dependency_patches", { active: patches.filter((p) => p.active).map((p) => p.patch) });
  const inactive = patches.filter((p) => !p.active);
  if (inactive.length)
    log("warning", { message: `dependency patches not active (npm ci applies them): ${inactive.map((p) => `${p.patch}: ${p.what}`).join("; ")}` });
}

if (cluster.isPrimary && workerCount > 1) runPrimary(workerCount);
else await serve();

/**
 * The primary of a multi-worker run serves nothing itself: it forks the workers, holds the
 * counters and marks they share (sign-in attempt limits, logged-out sign-ins, used captchas, chat sockets held),
 * replaces a worker that dies, and on SIGTERM lets every worker drain before it stops the embedded
 * shop API.
 */
function runPrimary(count: number) {
  new RateLimiterClusterMaster();
  relaySharedMarks();
  relaySharedHolds(); // the chat relay's sockets per member and per client address, counted for the machine
  // One metrics endpoint per machine: the primary adds up its workers' counters.
  if (config.METRICS_PORT) serveMetrics(config.METRICS_PORT, config.HOST, clusterSnapshot);
  log("primary", { workers: count, pid: process.pid });
  const QUICK_DEATH_MS = 5_000;
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  for (let index = 0; index < count; index++) fork();

  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    const livedMs = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void stopShopApi?.().finally(() => process.exit(0));
      return;
    }
    log("worker_exit", { pid: worker.process.pid, code, signal });
    // A worker that dies at once will die again (a missing build, a bad env): stop instead of looping.
    quickDeaths = livedMs < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= count + 2) {
      log("error", { message: "workers keep dying at start; stopping" });
      void stopShopApi?.().finally(() => process.exit(1));
      return;
    }
    fork();
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("shutdown", { signal, workers: Object.keys(cluster.workers ?? {}).length });
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) void stopShopApi?.().finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** The methods Remix answers; TRACE and TRACK are refused (405), any other is not implemented (501). */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const REFUSED_METHODS = new Set(["TRACE", "TRACK"]);
// Form posts are small; a body beyond this is refused before anything parses it (413).
const MAX_BODY_BYTES = 1024 * 1024;
// A refused or unread body of up to this much is read and dropped after the answer. Node closes a
// "Connection: close" client's connection once it is answered, and a client still sending then
// sees a reset instead of the 413 (the resilience probe did, on a slow machine). A body declared
// larger is refused at once, reset or not.
const MAX_DISCARDED_BYTES = 16 * MAX_BODY_BYTES;

/** One serving process: the whole HTTP stack (a worker, or the only process). */
async function serve() {
  const upstreamUrl = config.UPSTREAM_URL as string;

  if (cluster.isWorker) answerMetricsRequests();
  else if (config.METRICS_PORT) serveMetrics(config.METRICS_PORT, config.HOST, async () => metricsSnapshot());

  const app = express();
  app.disable("x-powered-by");
  // Only as many proxies as the operator says (TRUST_PROXY); without one, forwarded headers are
  // dropped so that neither Express nor Remix's adapter (which reads X-Forwarded-Host's port
  // regardless) believes a client that claims to be a proxy.
  app.set("trust proxy", config.TRUST_PROXY);
  if (config.TRUST_PROXY === 0) {
    app.use((req, _res, next) => {
      for (const name of Object.keys(req.headers)) if (name.startsWith("x-forwarded-")) delete req.headers[name];
      next();
    });
  }

  // While draining (SIGTERM), every answer says "Connection: close": keep-alive clients, such as a
  // load balancer's connection pool, then stop sending requests to this process (docs/operations.md).
  let stopping = false;
  app.use((_req, res, next) => {
    if (stopping) res.set("Connection", "close");
    next();
  });

  // One structured log line per request.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path === "/healthz") return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      observeRequest(req.method, res.statusCode, ms / 1000);
      log("request", { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
    });
    next();
  });

  // Remix serves these methods (a route without an action answers 405). Others never reach it: its
  // Request cannot be made with TRACE (that threw: a 500), and no route implements WebDAV's.
  app.use((req, res, next) => {
    if (SERVED_METHODS.has(req.method)) return next();
    const refused = REFUSED_METHODS.has(req.method);
    res
      .status(refused ? 405 : 501)
      .set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" })
      .type("text/plain")
      .send(refused ? "不允许的请求方法 / Method not allowed" : "不支持的请求方法 / Method not implemented");
  });

  // A body the route never read (an action that answered without it, a 404) is read to its end and
  // dropped once the answer is sent, so the next request on a kept-alive connection is parsed from
  // its own first byte instead of from the rest of this body (that reset it). Past the drop limit
  // the connection is closed instead.
  app.use((req, res, next) => {
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      let dropped = 0;
      req.removeAllListeners("data"); // whatever was reading it (Remix's body stream) is done
      req.on("data", (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > MAX_DISCARDED_BYTES) req.socket.destroy();
      });
      req.resume();
    });
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.type("text/plain").set("Cache-Control", "no-store").send("ok");
  });

  // Behind a proxy that compresses and forwards Accept-Encoding (an ingress with gzip, a CDN) the
  // CPU is better spent there (ADR 057). deploy/nginx asks this process to compress only what it caches.
  if (config.COMPRESSION === "1") app.use(compression());

  // A fresh nonce per response for the inline scripts Remix renders.
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: isProduction
            ? ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`]
            : ["'self'", "'unsafe-inline'", "'unsafe-eval'"], // Vite's dev client
          styleSrc: ["'self'", "'unsafe-inline'"], // Mantine sets style attributes
          // WeChat's login QR picture is shown from WeChat itself (ADR 062); nothing else off-site.
          imgSrc: ["'self'", "data:", "blob:", WECHAT_QR_ORIGIN],
          connectSrc: isProduction ? ["'self'"] : ["'self'", "ws:"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"], // and X-Frame-Options: DENY below, so both say the same
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Keeps a real Origin on same-site form posts (with "no-referrer" browsers send "Origin: null").
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      hsts: isProduction && process.env.EMBEDDED_SHOP_API !== "1",
      xFrameOptions: { action: "deny" },
    }),
  );
  // The shop uses none of these powerful features; nothing it embeds may either.
  app.use((_req, res, next) => {
    res.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()");
    next();
  });

  // DESIGN.md "Cross-site requests": refuse non-GET requests that say they came from another site,
  // comparing scheme, host and port with the origin Remix itself sees.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const refusal = crossSiteRefusal({ origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), referer: req.get("referer") }, requestOrigin(req));
    if (refusal) {
      res
        .status(refusal === "malformed-origin" ? 400 : 403)
        .type("text/plain")
        .set("Cache-Control", "no-store")
        .send(refusal === "malformed-origin" ? "Malformed Origin header" : "Cross-site request refused");
      return;
    }
    next();
  });

  app.use((req, res, next) => {
    const length = Number(req.get("content-length") ?? 0);
    if (length <= MAX_BODY_BYTES) return next();
    const refuse = () => res.status(413).type("text/plain").set("Cache-Control", "no-store").send("请求内容过大 / Request body too large");
    if (length > MAX_DISCARDED_BYTES) return refuse();
    // Node's parser hands on no more than the declared length; a client that gives up gets no answer.
    req.resume().on("end", refuse);
  });

  // Upstream images (relative "upload/…" and "public/…" paths) are proxied, so browsers never need
  // to reach the upstream itself, and kept in memory (ADR 065). A member's private uploads
  // (vouchers, licences, chat images, refund evidence) are not among them: only a link signed for
  // the member, opened with the same member's session, serves one, never from the cache
  // (app/utils/private-media.server.ts, ADR 053).
  app.get(
    /^\/media\/((?:upload|public|static)\/[\w\-./]+)$/,
    mediaProxy({ upstreamUrl, timeoutMs: config.UPSTREAM_TIMEOUT_MS, cacheBytes: config.MEDIA_CACHE_MB * 1024 * 1024 }),
  );
  app.get(/^\/media\/own\/([^/]+)\/(upload\/[\w\-./]+)$/, async (req, res) => {
    // Whatever the answer, it depends on the session: never kept by a shared cache, nor by /media's.
    res.set({ "Cache-Control": "private, no-store", Vary: "Cookie" });
    try {
      const token = await readToken(new Request(new URL(req.url, "http://bff.invalid"), { headers: { cookie: req.headers.cookie ?? "" } }), {});
      const assetPath = privateUploadPath(req.params[0], req.params[1], token);
      if (!assetPath) return res.status(404).end();
      const image = await fetchUpstreamImage(upstreamUrl, assetPath, config.UPSTREAM_TIMEOUT_MS);
      if (!image) return res.status(404).end();
      res.set({ ...imageHeaders(image.type), "Content-Disposition": `inline; filename="${path.posix.basename(assetPath)}"` });
      res.send(image.body);
    } catch {
      res.status(502).end();
    }
  });

  // Translations for the browser's i18next (the same files the server loaded).
  app.use("/locales", express.static("locales", { maxAge: isProduction ? "1h" : 0 }));

  const viteDevServer = isProduction ? undefined : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Fingerprinted assets, with the brotli/gzip copies the build made (scripts/compress-assets.ts):
    // sent as they are, never compressed per request. Behind nginx they never reach here (deploy/).
    app.use(
      "/assets",
      expressStaticGzip("build/client/assets", { enableBrotli: true, orderPreference: ["br", "gzip"], serveStatic: { immutable: true, maxAge: "1y" } }),
    );
    // Only paths under what build/client holds (favicon.ico, chat-emoji/) reach the file system:
    // looking every page's path up there was a stat call per request (~2 % of a page's CPU).
    const publicEntries = new Set(readdirSync("build/client"));
    const servePublic = express.static("build/client", { maxAge: "1h" });
    app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1] ?? "") ? servePublic(req, res, next) : next()));
  }

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild);

  // Visitors' catalogue documents: hash-based CSP, public for shared caches (ADR 056), from a
  // micro-cache (ADR 014); members always get a fresh render.
  app.use(
    visitorPageCache({
      ttlMs: isProduction ? config.VISITOR_CACHE_MS : 0,
      sessionCookie: SESSION_COOKIE,
      sharedCache: { maxAge: isProduction ? config.SHARED_CACHE_MAX_AGE : 0, stale: config.SHARED_CACHE_STALE },
    }),
  );

  const remixHandler = createRequestHandler({
    build,
    mode: isProduction ? "production" : "development",
    // Every loader and action of the request gets its scope (ADR 068); dataRequest: a client-side
    // navigation's `.data` request, not a document (root.tsx, ADR 027).
    getLoadContext: (req, res): AppLoadContext => ({
      scope: res.locals.scope as RequestScope,
      cspNonce: res.locals.cspNonce as string,
      dataRequest: req.path.endsWith(".data"),
    }),
  });
  // Each Remix request runs in a request scope (app/utils/request-scope.server.ts): what its loaders
  // and actions gather (a refreshed token, whether the session was used) is applied to the response
  // headers just before they are sent, whatever kind of response it is.
  app.all("*", (req, res, next) => {
    const scope = newRequestScope(req.ip ?? req.socket.remoteAddress ?? "unknown");
    res.locals.scope = scope;
    onHeaders(res, () => applyScopeToHeaders(scope, res));
    // A post of a session may change the member's state upstream: a new session revision (ADR 035).
    if (!mayMutate(req.method) || !hasCookie(req.headers.cookie, SESSION_COOKIE)) return remixHandler(req, res, next);
    startNewRevision(scope).then(() => remixHandler(req, res, next), next);
  });

  // With REDIS_URL, the store every instance shares (ADR 052): connected before the first request.
  if (config.REDIS_URL && !(await connectSharedStore())) log("warning", { message: "REDIS_URL does not answer yet: attempt limits refuse until it does" });

  // Anything thrown outside Remix (which has its own boundaries): a short text, never a stack.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    log("error", { method: req.method, path: req.path, message: error instanceof Error ? error.message : String(error) });
    if (res.headersSent) return res.destroy();
    res.status(500).set("Cache-Control", "no-store").type("text/plain").send("服务器出错 / Server error");
  });

  const httpServer = createServer(app);
  // The chat socket (/chat/socket, ADR 019): relayed to the upstream chat socket for members only.
  // No other path upgrades (development's Vite HMR uses its own port).
  const chatRelay = createChatRelay({ trustProxy: config.TRUST_PROXY });
  httpServer.on("upgrade", (req, socket, head) => {
    socket.on("error", () => socket.destroy());
    if (stopping || !chatRelay.handleUpgrade(req, socket, head)) socket.destroy();
  });
  // Requests Node refuses before Express sees them (a cookie or header over 16 KB, a broken request
  // line) get a short text answer instead of an empty one.
  httpServer.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    const text = error.code === "HPE_HEADER_OVERFLOW" ? "请求头过大 / Request headers too large" : "请求有误 / Bad request";
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
  httpServer.listen(config.PORT, config.HOST, () => {
    log("listening", { url: `http://localhost:${config.PORT}`, upstream: upstreamUrl, mode: config.NODE_ENV, pid: process.pid });
  });

  // Graceful shutdown: stop accepting, let running requests finish, then close the shop API.
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log("shutdown", { signal });
    chatRelay.close(); // sockets would hold httpServer.close open; the island reconnects elsewhere
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    httpServer.close(async () => {
      await backgroundWorkDone();
      await closeSharedStore();
      await stopShopApi?.();
      await viteDevServer?.close();
      process.exit(0);
    });
    httpServer.closeIdleConnections();
    // Connections that were busy at SIGTERM go idle once their answer is sent: close those too.
    setInterval(() => httpServer.closeIdleConnections(), 250).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
