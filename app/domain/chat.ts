/**
 * Chat text rules (spec §5, §9; contract §7.5): at most 150 characters a message, an emoji token
 * `[emjoy_NN]` counting as one; blank messages refused. Shared by the island (before sending) and
 * the /chat action (the rule the server enforces).
 */
export const CHAT_MAX_LENGTH = 150;
export const EMOJI_COUNT = 47;
/** spec §9: keep-alive ping interval of the chat socket. */
export const CHAT_PING_MS = 1500;

/** `emjoy_01` … `emjoy_47` (sic, the upstream's spelling). */
export const EMOJI_CODES: readonly string[] = Array.from({ length: EMOJI_COUNT }, (_, index) => `emjoy_${String(index + 1).padStart(2, "0")}`);

const TOKEN = /\[(emjoy_(?:0[1-9]|[1-3]\d|4[0-7]))\]/g;

export type ChatSegment = { kind: "text"; text: string } | { kind: "emoji"; code: string };

/** Text → text and emoji segments, for rendering without HTML. */
export function chatSegments(text: string): ChatSegment[] {
  const segments: ChatSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ kind: "text", text: text.slice(last, index) });
    segments.push({ kind: "emoji", code: match[1] as string });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}

/** Characters as the rule counts them: each emoji token 1, every other code point 1. */
export function chatLength(text: string): number {
  return chatSegments(text).reduce((sum, segment) => sum + (segment.kind === "emoji" ? 1 : Array.from(segment.text).length), 0);
}

export type ChatTextProblem = "blank" | "tooLong";

export function chatTextProblem(text: string): ChatTextProblem | null {
  if (text.trim() === "") return "blank";
  if (chatLength(text) > CHAT_MAX_LENGTH) return "tooLong";
  return null;
}

/** Where the BFF serves an emoji's image (public/chat-emoji/, made by scripts/make-chat-emoji.ts). */
export function emojiSrc(code: string): string {
  return `/chat-emoji/${code}.svg`;
}

/** A chat image may be this big: the BFF refuses bodies over 1 MiB (server.ts), the form adds a little. */
export const CHAT_IMAGE_MAX_BYTES = 1000 * 1024;

/** What the island and the /chat page show of one message (paths already browser URLs). */
export type ChatMessageView = {
  id: number;
  kind: "text" | "goods" | "order" | "image";
  mine: boolean;
  text: string;
  image: string;
  day: string;
  time: string;
  read: boolean;
  goods: { skuId: number; name: string; image: string; price: string } | null;
  order: { orderId: number; orderNo: string; name: string; money: string; status: string } | null;
};

/** What the browser receives (JSON text frames). */
export type RelayFrame =
  | { type: "state"; online: boolean; servicerId: number }
  | { type: "message"; message: ChatMessageView }
  | { type: "servicer"; online: boolean }
  | { type: "close" };

/** Close codes the island reads (4xxx: ours). */
export const CLOSE = {
  /** A goodbye: the conversation ended (after `bye`), do not reconnect. */
  ended: 1000,
  /** The upstream chat socket is down or dropped: reconnect with back-off. */
  upstreamGone: 4502,
  /** The session stopped being a member's (token rejected at bind). */
  unauthorized: 4401,
  /** Silent for longer than the idle time-out (a sleeping tab): reconnect when wanted. */
  idle: 4408,
  /** More frames a second than the island ever sends. */
  tooManyMessages: 4420,
  /** This member, or this client address, already has as many chat sockets open as allowed. */
  tooManySockets: 4429,
  /** A frame over the size limit (RFC 6455's "message too big"; ws closes with it). */
  frameTooLarge: 1009,
  /** This process holds as many chat sockets as it may (RFC 6455's "try again later"). */
  busy: 1013,
} as const;

/** What /chat's loader answers (the page, and the island's history fetchers): a visitor is sent to log in. */
export type ChatPageData =
  | { member: false; loginUrl: string }
  | {
      member: true;
      page: number;
      pageCount: number;
      messages: ChatMessageView[];
      keywords: string[];
      online: boolean;
      /** The goods (sku id) or order (id) the member came to ask about. */
      goods: number | null;
      order: number | null;
    };

/**
 * What /chat's action answers the island (the page without JS gets a redirect on success): a
 * refusal is conform's result, its one message the form's error.
 */
export type ChatActionResult = { ok: true } | { result: { error?: Record<string, string[] | null> } };
