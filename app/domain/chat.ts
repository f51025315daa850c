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
