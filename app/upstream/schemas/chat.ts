import { z } from "zod/v4";
import { IntLike, Money, paged, Text } from "./common";

/** content_type of a chat message (contract §7.3: the code's constants, not the DB comment). */
export const CHAT_CONTENT = { text: 0, goods: 1, order: 2, image: 3 } as const;

/**
 * A chat message row (contract §7.4 plus the fields `dialogs` joins). Only what the chat shows is
 * kept: the relay sends browsers this parsed shape, never the upstream's raw frames.
 */
export const ChatMessageSchema = z.object({
  id: IntLike,
  content_type: IntLike.pipe(z.number().int().min(0).max(3)),
  /** 0 = from the member, otherwise from the servicer. */
  type: IntLike.transform((value) => (value === 0 ? 0 : 1)),
  consumer_say: Text,
  servicer_say: Text,
  goods_sku_id: IntLike.catch(0),
  order_id: IntLike.catch(0),
  read: IntLike.catch(0),
  create_day: Text,
  create_time: Text,
  goods_name: Text.catch(""),
  sku_name: Text.catch(""),
  sku_image: Text.catch(""),
  price: Money.catch("0.00"),
  order_no: Text.catch(""),
  order_name: Text.catch(""),
  order_money: Money.catch("0.00"),
  order_status_name: Text.catch(""),
  nickname: Text.catch(""),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const DialogsSchema = paged(ChatMessageSchema);
export const BindSchema = z.object({ servicer_id: IntLike });
export const HasServicersSchema = z.object({ online_count: IntLike });
export const KeywordsSchema = z
  .object({
    is_open: IntLike.catch(0),
    keyword_list: z.array(z.object({ keyword: Text })).catch([]),
  })
  .catch({ is_open: 0, keyword_list: [] });
