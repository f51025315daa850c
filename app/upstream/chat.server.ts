import type { ChatMessageView } from "~/domain/chat";
import { assetUrl, ownAssetUrl } from "./context.server";
import { callUpstream, EmptyAnswerError, UpstreamError, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";
import { BindSchema, CHAT_CONTENT, DialogsSchema, HasServicersSchema, KeywordsSchema, type ChatMessage } from "./schemas/chat";
import { uploadImage } from "./upload.server";

// The customer-service chat's HTTP calls (contract §7.3), always with the member's token. The
// socket itself is relayed by app/relay/chat-relay.server.ts; docs/chat.md tells the whole flow.

/** spec §9: history page size. */
export const CHAT_PAGE_SIZE = 4;
/** The upstream wants a non-zero site id on setRead (contract §7.3); B2C has one site. */
const SITE_ID = 1;

/**
 * The chat's reads take an empty answer for "nothing", as Niushop's own client does (it acts only
 * on `res.code >= 0 && res.data`): a Niushop now and then answers a servicer path with an empty
 * body (http.server.ts, EmptyAnswerError), and the page must not fail for quick replies or history.
 */
async function orNothing<T>(read: Promise<T>, nothing: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof EmptyAnswerError) return nothing;
    throw error;
  }
}

const KINDS = ["text", "goods", "order", "image"] as const;

/** One message as `viewerToken`'s member sees it: a chat image is a private upload, linked for that member only (ADR 053). */
export function toMessageView(row: ChatMessage, viewerToken: string | null): ChatMessageView {
  const say = row.type === 0 ? row.consumer_say : row.servicer_say;
  const kind = KINDS[row.content_type] ?? "text";
  return {
    id: row.id,
    kind,
    mine: row.type === 0,
    text: kind === "text" ? say : "",
    image: kind === "image" ? ownAssetUrl(say, viewerToken) : "",
    day: row.create_day,
    time: row.create_time,
    read: row.read === 1,
    goods: kind === "goods" ? { skuId: row.goods_sku_id, name: row.sku_name || row.goods_name, image: assetUrl(row.sku_image), price: row.price } : null,
    order:
      kind === "order" ? { orderId: row.order_id, orderNo: row.order_no, name: row.order_name, money: row.order_money, status: row.order_status_name } : null,
  };
}

/**
 * Binds the upstream socket `clientId` to the member. The servicer may be offline: the socket is
 * bound all the same and messages are stored unread (contract §7.2 step 3), so that is no failure.
 */
export async function bindChat(ctx: UpstreamContext, clientId: string): Promise<{ online: boolean; servicerId: number }> {
  try {
    const bound = await callUpstream(ctx, "/servicer/api/chat/bind", BindSchema, { client_id: clientId });
    return { online: true, servicerId: bound.servicer_id };
  } catch (error) {
    // A refusal ("客服不在线"), or an empty answer (no servicer to bind, as the real client reads it).
    if ((error instanceof UpstreamError && error.constructor === UpstreamError) || error instanceof EmptyAnswerError) return { online: false, servicerId: 0 };
    throw error;
  }
}

export type ChatSay = { kind: "text"; text: string } | { kind: "image"; path: string } | { kind: "goods"; skuId: number } | { kind: "order"; orderId: number };

/** Sends one message over HTTP (never over the socket, contract §7.2 step 4). */
export function sayChat(ctx: UpstreamContext, servicerId: number, say: ChatSay) {
  const body: Record<string, unknown> = { servicer_id: servicerId, site_id: SITE_ID };
  if (say.kind === "text") Object.assign(body, { content_type: CHAT_CONTENT.text, message: say.text });
  if (say.kind === "image") Object.assign(body, { content_type: CHAT_CONTENT.image, message: say.path });
  // `goods_id` carries the SKU id (contract §7.3).
  if (say.kind === "goods") Object.assign(body, { content_type: CHAT_CONTENT.goods, goods_id: say.skuId });
  if (say.kind === "order") Object.assign(body, { content_type: CHAT_CONTENT.order, order_id: say.orderId });
  return callUpstream(ctx, "/servicer/api/chat/say", Ignored, body);
}

/** One page of history (page 1 = the newest 4), oldest first within the page. */
export async function listChat(ctx: UpstreamContext, page: number): Promise<{ messages: ChatMessageView[]; pageCount: number; count: number }> {
  const dialogs = await orNothing(callUpstream(ctx, "/servicer/api/chat/dialogs", DialogsSchema, { page, limit: CHAT_PAGE_SIZE, site_id: SITE_ID }), {
    list: [],
    page_count: 0,
    count: 0,
  });
  return { messages: dialogs.list.map((row) => toMessageView(row, ctx.token)), pageCount: dialogs.page_count, count: dialogs.count };
}

export function markChatRead(ctx: UpstreamContext) {
  return callUpstream(ctx, "/servicer/api/chat/setRead", Ignored, { site_id: SITE_ID });
}

export async function servicersOnline(ctx: UpstreamContext): Promise<boolean> {
  const answer = await orNothing(callUpstream(ctx, "/servicer/api/chat/hasServicers", HasServicersSchema, { site_id: SITE_ID }), { online_count: 0 });
  return answer.online_count > 0;
}

export function byeChat(ctx: UpstreamContext, servicerId: number) {
  return callUpstream(ctx, "/servicer/api/chat/bye", Ignored, { servicer_id: servicerId, site_id: SITE_ID });
}

/** Quick-reply chips: the keywords when the shop turned them on, else none. */
export async function chatKeywords(ctx: UpstreamContext): Promise<string[]> {
  const config = await orNothing(callUpstream(ctx, "/servicer/api/chat/keyword", KeywordsSchema), { is_open: 0, keyword_list: [] });
  return config.is_open === 1 ? config.keyword_list.map((entry) => entry.keyword).filter(Boolean) : [];
}

/** Uploads a chat image (checked with imageFileProblem first); answers the upstream path. */
export function uploadChatImage(ctx: UpstreamContext, file: File): Promise<string> {
  return uploadImage(ctx, "/api/upload/chatimg", file);
}
