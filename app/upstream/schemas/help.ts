import { z } from "zod";
import { IntLike, Text } from "./common";

export const HelpClassSchema = z.object({
  class_id: IntLike,
  class_name: Text,
  child_list: z
    .array(z.object({ id: IntLike, title: Text, link_address: Text.catch("") }))
    .optional()
    .transform((list) => list ?? []),
});
export type HelpClass = z.infer<typeof HelpClassSchema>;
