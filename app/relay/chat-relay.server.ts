import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { TLSSocket } from "node:tls";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { rate } from "~/auth/attempts.server";
import { memberIdOf } from "~/auth/member-id.server";
import { readToken } from "~/session/session.server";
import { bindChat, toMessageView } from "~/upstream/chat.server";
import { sharedContext } from "~/upstream/context.server";
import { TokenRejectedError } from "~/upstream/http.server";
import { ChatMessageSchema } from "~/upstream/schemas/chat";
import { CLOSE, type RelayFrame } from "~/domain/chat";
import { env } from "~/utils/env.server";
import { sharedHolds } from "~/utils/cluster-holds.server";
import { log } from "~/utils/log.server";
import { crossSiteRefusal } from "~/utils/same-origin.server";

/**
 * The chat socket relay (ADR 019, docs/chat.md). The browser opens `/chat/socket` on the BFF's own
 * origin; the BFF checks the origin and the member session, opens one upstream socket with the
 * member's token, binds it (`chat/bind`) itself, and from then on passes the upstream's message
 * frames on, reduced to what the chat shows. The token and the upstream's client id stay here.
 */
export const CHAT_SOCKET_PATH = "/chat/socket";

/** Browsers send only "ping" (spec §4); a frame above this closes the socket (1009). The default of CHAT_MAX_FRAME_BYTES. */
export const MAX_BROWSER_FRAME_BYTES = 1024;
/** A refused socket gets its close frame, then is cut after this long whether or not the client answers it. */
const REFUSED_LINGER_MS = 1_000;
/** An upstream frame is one message row; anything far bigger is not one. */
const MAX_UPSTREAM_FRAME_BYTES = 256 * 1024;
/** Backpressure: stop reading the upstream while this much is queued for a slow browser. */
const HIGH_WATER_BYTES = 512 * 1024;
const LOW_WATER_BYTES = 64 * 1024;
/** How long the upstream socket may take to open and say `init`. */
const UPSTREAM_OPEN_MS = 10_000;

/**
 * The relay's limits (docs/security.md "Chat socket limits", env CHAT_*). Open sockets are counted
 * in this process: a socket, its upstream connection and their file descriptors live here, and a
 * count of what is open must not outlive a process that died (a window counter would). Frames per
 * second are a rate and go through the attempt limiters (auth/attempts.server.ts), shared with
 * whatever store those use.
 */
export type ChatLimits = {
  socketsPerMember: number;
  socketsPerClient: number;
  socketsTotal: number;
  messagesPerSecond: number;
  maxFrameBytes: number;
  idleTimeoutMs: number;
};

export function chatLimitsFromEnv(): ChatLimits {
  const config = env();
  return {
    socketsPerMember: config.CHAT_SOCKETS_PER_MEMBER,
    socketsPerClient: config.CHAT_SOCKETS_PER_CLIENT * config.CLIENT_LIMIT_FACTOR,
    socketsTotal: config.CHAT_SOCKETS_TOTAL,
    messagesPerSecond: config.CHAT_MESSAGES_PER_SECOND,
    maxFrameBytes: config.CHAT_MAX_FRAME_BYTES,
    idleTimeoutMs: config.CHAT_IDLE_TIMEOUT_MS,
  };
}

/** This process's open sockets: the file descriptors and upstream connections at risk are its own. */
class ProcessSockets {
  private held = 0;
  take(max: number): boolean {
    if (this.held >= max) return false;
    this.held += 1;
    return true;
  }
  give() {
    this.held = Math.max(0, this.held - 1);
  }
}

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

/**
 * The client's address for an upgrade, as Express's `req.ip` resolves it for requests: the socket's
 * peer, or with TRUST_PROXY = n the n-th X-Forwarded-For entry counted from our side.
 */
export function upgradeClientAddress(req: IncomingMessage, trustProxy: number): string {
  const peer = req.socket.remoteAddress ?? "unknown";
  if (trustProxy === 0) return peer;
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [peer, ...forwarded.reverse()];
  return chain[Math.min(trustProxy, chain.length - 1)] ?? peer;
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

export function createChatRelay(options: { trustProxy: number; limits?: ChatLimits }): ChatRelay {
  const limits = options.limits ?? chatLimitsFromEnv();
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes, perMessageDeflate: false });
  const open = new Set<WebSocket>();
  // Per member and per client address: counted for the machine (its workers share the counts in the primary).
  const sockets = { all: new ProcessSockets(), client: sharedHolds("chat-client"), member: sharedHolds("chat-member") };
  const messages = rate("chat-messages", limits.messagesPerSecond, 1);

  async function authorize(req: IncomingMessage): Promise<string | null> {
    const request = new Request(new URL(req.url ?? "/", "http://bff.invalid"), { headers: { cookie: req.headers.cookie ?? "" } });
    // An upgrade is no Remix request: no load context, no response headers for a scope to mark.
    return readToken(request, {});
  }

  /** Completes the handshake only to close with a reason the island can show (an HTTP refusal reaches no script). */
  function refuseSocket(req: IncomingMessage, socket: Duplex, head: Buffer, code: number, reason: string) {
    wss.handleUpgrade(req, socket, head, (browser) => {
      browser.close(code, reason);
      setTimeout(() => browser.terminate(), REFUSED_LINGER_MS).unref();
    });
  }

  function relay(browser: WebSocket, token: string, memberId: number) {
    open.add(browser);
    const upstream = new WebSocket(upstreamSocketUrl(), { maxPayload: MAX_UPSTREAM_FRAME_BYTES, perMessageDeflate: false, handshakeTimeout: UPSTREAM_OPEN_MS });
    let paused = false;
    let bound = false;
    /** The upstream said `close` (after bye): the conversation ended, not the service. */
    let ended = false;
    /** Frames whose rate check has not answered yet: never more than a second's worth. */
    let checking = 0;
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
    let idleTimer = setTimeout(() => closeBrowser(CLOSE.idle, "idle"), limits.idleTimeoutMs);
    const stillTalking = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => closeBrowser(CLOSE.idle, "idle"), limits.idleTimeoutMs);
    };

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
      if (browser.readyState !== WebSocket.OPEN) return;
      stillTalking();
      // A flood is cut at once, before its checks pile up: more than a second's worth waiting is over the rate anyway.
      if (checking >= limits.messagesPerSecond) return closeBrowser(CLOSE.tooManyMessages, "too many messages");
      checking += 1;
      messages.take(String(memberId)).then(
        (allowed) => {
          checking -= 1;
          if (!allowed) return closeBrowser(CLOSE.tooManyMessages, "too many messages");
          // Only the keep-alive goes up: the upstream ignores content, messages go over HTTP.
          if (!isBinary && data.toString() === "ping" && upstream.readyState === WebSocket.OPEN) upstream.send("ping");
        },
        (error: unknown) => {
          checking -= 1; // the limiter could not answer: the frame is dropped, never passed on unchecked
          log("chat_relay", { event: "rate_unavailable", reason: error instanceof Error ? error.message : String(error) }, "info");
        },
      );
    });
    browser.on("error", () => browser.terminate());
    browser.on("close", () => {
      open.delete(browser);
      clearTimeout(openTimer);
      clearTimeout(idleTimer);
      if (upstream.readyState === WebSocket.OPEN) upstream.close(1000);
      else upstream.terminate();
    });
  }

  /** After the process's count: the client address's, the session, the member and the member's count, then the relay. */
  async function admit(req: IncomingMessage, socket: Duplex, head: Buffer, held: { client: string | null; member: string | null }) {
    const address = upgradeClientAddress(req, options.trustProxy);
    if (!(await sockets.client.take(address, limits.socketsPerClient))) return refuseSocket(req, socket, head, CLOSE.tooManySockets, "too many sockets");
    held.client = address;
    const token = await authorize(req);
    if (!token) return refuse(socket, 401, "Member session required");
    let memberId: number;
    try {
      memberId = await memberIdOf({ ...sharedContext(), token, member: "required" });
    } catch (error) {
      const rejected = error instanceof TokenRejectedError;
      return refuseSocket(req, socket, head, rejected ? CLOSE.unauthorized : CLOSE.upstreamGone, rejected ? "unauthorized" : "upstream unavailable");
    }
    const memberKey = String(memberId);
    if (!(await sockets.member.take(memberKey, limits.socketsPerMember))) return refuseSocket(req, socket, head, CLOSE.tooManySockets, "too many sockets");
    held.member = memberKey;
    if (socket.destroyed) return; // the client left while we asked (its close gave everything back)
    wss.handleUpgrade(req, socket, head, (browser) => relay(browser, token, memberId));
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
      if (!sockets.all.take(limits.socketsTotal)) {
        refuseSocket(req, socket, head, CLOSE.busy, "server busy");
        return true;
      }
      // Every hold is given back in one place: when the connection closes, whatever ended it
      // (a refusal, the client leaving mid-handshake, the relay closing).
      const held: { client: string | null; member: string | null } = { client: null, member: null };
      let closed = false;
      const giveBack = () => {
        sockets.all.give();
        if (held.client !== null) sockets.client.give(held.client);
        if (held.member !== null) sockets.member.give(held.member);
        held.client = held.member = null;
      };
      socket.once("close", () => {
        closed = true;
        giveBack();
      });
      admit(req, socket, head, held)
        .catch(() => refuse(socket, 400, "Bad request"))
        .finally(() => {
          if (closed) giveBack(); // a hold taken after the close (the answer came late) is given back too
        });
      return true;
    },
    size: () => open.size,
    close() {
      for (const browser of open) browser.close(1001, "server stopping");
      wss.close();
    },
  };
}
