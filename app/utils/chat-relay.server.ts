import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { TLSSocket } from "node:tls";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { readToken } from "~/auth/session.server";
import { bindChat, toMessageView } from "~/upstream/chat.server";
import { sharedContext } from "~/upstream/context.server";
import { TokenRejectedError } from "~/upstream/http.server";
import { ChatMessageSchema } from "~/upstream/schemas/chat";
import { env } from "./env.server";
import { log } from "./log.server";
import { crossSiteRefusal } from "./same-origin.server";

/**
 * The chat socket relay (ADR 019, docs/chat.md). The browser opens `/chat/socket` on the BFF's own
 * origin; the BFF checks the origin and the member session, opens one upstream socket with the
 * member's token, binds it (`chat/bind`) itself, and from then on passes the upstream's message
 * frames on, reduced to what the chat shows. The token and the upstream's client id stay here.
 */
export const CHAT_SOCKET_PATH = "/chat/socket";

/** Browsers send only "ping" (spec §4); a frame above this closes the socket (1009). */
export const MAX_BROWSER_FRAME_BYTES = 1024;
/** An upstream frame is one message row; anything far bigger is not one. */
const MAX_UPSTREAM_FRAME_BYTES = 256 * 1024;
/** Backpressure: stop reading the upstream while this much is queued for a slow browser. */
const HIGH_WATER_BYTES = 512 * 1024;
const LOW_WATER_BYTES = 64 * 1024;
/** How long the upstream socket may take to open and say `init`. */
const UPSTREAM_OPEN_MS = 10_000;

/** Close codes the island reads (4xxx: ours). */
export const CLOSE = {
  /** A goodbye: the conversation ended (after `bye`), do not reconnect. */
  ended: 1000,
  /** The upstream chat socket is down or dropped: reconnect with back-off. */
  upstreamGone: 4502,
  /** The session stopped being a member's (token rejected at bind). */
  unauthorized: 4401,
} as const;

/** What the browser receives (JSON text frames). */
export type RelayFrame =
  | { type: "state"; online: boolean; servicerId: number }
  | { type: "message"; message: ReturnType<typeof toMessageView> }
  | { type: "servicer"; online: boolean }
  | { type: "close" };

const MESSAGE_TYPES = new Set(["string", "goodssku", "order", "image"]);

/** The upstream socket address: UPSTREAM_WS_URL, else the upstream's origin at `/wss` (contract §7.1). */
export function upstreamSocketUrl(): string {
  const { UPSTREAM_WS_URL, UPSTREAM_URL } = env();
  if (UPSTREAM_WS_URL) return UPSTREAM_WS_URL;
  const url = new URL(UPSTREAM_URL);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.pathname = "/wss";
  url.search = "";
  return url.toString();
}

/** The origin the browser used for this upgrade, as requestOrigin computes it for requests (TRUST_PROXY decides). */
export function upgradeOrigin(req: IncomingMessage, trustProxy: number): string {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();
  const encrypted = Boolean((req.socket as TLSSocket).encrypted);
  const proto = (trustProxy > 0 && first(req.headers["x-forwarded-proto"])) || (encrypted ? "https" : "http");
  const host = (trustProxy > 0 && first(req.headers["x-forwarded-host"])) || req.headers.host || "";
  return `${proto}://${host}`;
}

/** Upstream frame → what the browser may see, or null (unknown kinds, unparseable rows). */
export function translateUpstreamFrame(raw: string, viewerToken: string | null): RelayFrame | null {
  let frame: { type?: unknown; data?: unknown };
  try {
    frame = JSON.parse(raw) as typeof frame;
  } catch {
    return null;
  }
  if (typeof frame.type !== "string") return null;
  if (MESSAGE_TYPES.has(frame.type)) {
    const row = ChatMessageSchema.safeParse(frame.data);
    return row.success ? { type: "message", message: toMessageView(row.data, viewerToken) } : null;
  }
  if (frame.type === "connect") return { type: "servicer", online: true };
  if (frame.type === "close") return { type: "close" };
  return null;
}

function refuse(socket: Duplex, status: 401 | 403 | 400, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
}

export type ChatRelay = {
  /** server.ts's `upgrade` handler; answers false when the path is not the chat socket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Open relays (metrics, tests). */
  size(): number;
  close(): void;
};

export function createChatRelay(options: { trustProxy: number }): ChatRelay {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BROWSER_FRAME_BYTES, perMessageDeflate: false });
  const open = new Set<WebSocket>();

  async function authorize(req: IncomingMessage): Promise<string | null> {
    const request = new Request(new URL(req.url ?? "/", "http://bff.invalid"), { headers: { cookie: req.headers.cookie ?? "" } });
    return readToken(request);
  }

  function relay(browser: WebSocket, token: string) {
    open.add(browser);
    const upstream = new WebSocket(upstreamSocketUrl(), { maxPayload: MAX_UPSTREAM_FRAME_BYTES, perMessageDeflate: false, handshakeTimeout: UPSTREAM_OPEN_MS });
    let paused = false;
    let bound = false;
    /** The upstream said `close` (after bye): the conversation ended, not the service. */
    let ended = false;
    const ctx = { ...sharedContext(), token, member: "required" as const };

    const toBrowser = (frame: RelayFrame) => {
      if (browser.readyState !== WebSocket.OPEN) return;
      browser.send(JSON.stringify(frame), () => {
        if (paused && browser.bufferedAmount < LOW_WATER_BYTES) {
          paused = false;
          upstream.resume();
        }
      });
      if (!paused && browser.bufferedAmount > HIGH_WATER_BYTES) {
        paused = true;
        upstream.pause();
      }
    };
    const closeBrowser = (code: number, reason: string) => {
      if (browser.readyState === WebSocket.OPEN || browser.readyState === WebSocket.CONNECTING) browser.close(code, reason);
    };
    const openTimer = setTimeout(() => {
      if (!bound) upstream.terminate();
    }, UPSTREAM_OPEN_MS);

    upstream.on("message", (data: RawData, isBinary) => {
      if (isBinary) return;
      const text = data.toString();
      if (!bound) {
        // The first frame is `init` with the gateway's client id: bind it to the member here.
        let clientId = "";
        try {
          const init = JSON.parse(text) as { type?: unknown; data?: { client_id?: unknown } };
          if (init.type === "init" && typeof init.data?.client_id === "string") clientId = init.data.client_id;
        } catch {
          /* not an init frame */
        }
        if (!clientId) return;
        bound = true;
        clearTimeout(openTimer);
        bindChat(ctx, clientId).then(
          (state) => toBrowser({ type: "state", online: state.online, servicerId: state.servicerId }),
          (error: unknown) => {
            log("chat_relay", { event: "bind_failed", reason: error instanceof Error ? error.message : String(error) }, "info");
            const rejected = error instanceof TokenRejectedError;
            closeBrowser(rejected ? CLOSE.unauthorized : CLOSE.upstreamGone, rejected ? "unauthorized" : "bind failed");
            upstream.close();
          },
        );
        return;
      }
      const frame = translateUpstreamFrame(text, token);
      if (frame?.type === "close") ended = true;
      if (frame) toBrowser(frame);
    });
    upstream.on("error", (error) => {
      log("chat_relay", { event: "upstream_error", reason: error.message }, "info");
    });
    upstream.on("close", () => {
      clearTimeout(openTimer);
      // A goodbye closes cleanly (1000); anything else is the upstream going away.
      closeBrowser(ended ? CLOSE.ended : CLOSE.upstreamGone, ended ? "ended" : "upstream closed");
    });

    browser.on("message", (data: RawData, isBinary) => {
      // Only the keep-alive goes up: the upstream ignores content, messages go over HTTP.
      if (!isBinary && data.toString() === "ping" && upstream.readyState === WebSocket.OPEN) upstream.send("ping");
    });
    browser.on("error", () => browser.terminate());
    browser.on("close", () => {
      open.delete(browser);
      clearTimeout(openTimer);
      if (upstream.readyState === WebSocket.OPEN) upstream.close(1000);
      else upstream.terminate();
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      if (new URL(req.url ?? "/", "http://bff.invalid").pathname !== CHAT_SOCKET_PATH) return false;
      // Browsers always send Origin on a WebSocket handshake; it must be ours (DESIGN.md "Cross-site requests").
      const origin = req.headers.origin;
      const ownOrigin = upgradeOrigin(req, options.trustProxy);
      if (!origin || crossSiteRefusal({ origin }, ownOrigin)) {
        refuse(socket, 403, "Cross-site socket refused");
        return true;
      }
      authorize(req).then(
        (token) => {
          if (!token) return refuse(socket, 401, "Member session required");
          wss.handleUpgrade(req, socket, head, (browser) => relay(browser, token));
        },
        () => refuse(socket, 400, "Bad request"),
      );
      return true;
    },
    size: () => open.size,
    close() {
      for (const browser of open) browser.close(1001, "server stopping");
      wss.close();
    },
  };
}
