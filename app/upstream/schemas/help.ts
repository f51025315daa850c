import { z } from "zod/v4";
import { Flag, IntLike, paged, Text } from "./common";

export const HelpClassSchema = z.object({
  class_id: IntLike,
  class_name: Text,
  child_list: z
    .array(z.object({ id: IntLike, title: Text, link_address: Text.catch("") }))
    .optional()
    .transform((list) => list ?? []),
});
export type HelpClass = z.infer<typeof HelpClassSchema>;
/** `/api/helpclass/lists`: what the footer (layout) and the help pages read. */
export const HelpClassListSchema = z.array(HelpClassSchema);

/** A row of /api/help/page. */
export const HelpRowSchema = z.object({ id: IntLike, title: Text, class_id: IntLike, class_name: Text, create_time: IntLike.catch(0) });
export const HelpPageSchema = paged(HelpRowSchema);
export type HelpPage = z.infer<typeof HelpPageSchema>;

/** /api/help/info: the article, or null for an unknown id (contract §6). */
export const HelpArticleSchema = z
  .object({
    id: IntLike,
    title: Text,
    content: Text,
    class_id: IntLike,
    class_name: Text,
    link_address: Text.catch(""),
    create_time: IntLike.catch(0),
    modify_time: IntLike.catch(0),
  })
  .nullable();
export type HelpArticle = NonNullable<z.infer<typeof HelpArticleSchema>>;

/** A row of /api/notice/page (the list also carries the content; we do not show it there). */
export const NoticeRowSchema = z.object({ id: IntLike, title: Text, create_time: IntLike.catch(0), is_top: Flag.catch(false) });
export const NoticePageSchema = paged(NoticeRowSchema);
export type NoticePage = z.infer<typeof NoticePageSchema>;

/** /api/notice/info: the notice, or null for an unknown id. */
export const NoticeSchema = z
  .object({ id: IntLike, title: Text, content: Text, create_time: IntLike.catch(0), modify_time: IntLike.catch(0), is_top: Flag.catch(false) })
  .nullable();
export type Notice = NonNullable<z.infer<typeof NoticeSchema>>;
