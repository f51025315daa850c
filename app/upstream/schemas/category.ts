import { z } from "zod/v4";
import { IntLike, Text } from "./common";

export type CategoryNode = {
  category_id: number;
  category_name: string;
  short_name: string;
  level: number;
  image: string;
  child_list: CategoryNode[];
};

/** A node of the category tree; leaves arrive without `child_list` at all. */
export const CategoryNodeSchema: z.ZodType<CategoryNode, unknown> = z.lazy(() =>
  z.object({
    category_id: IntLike,
    category_name: Text,
    short_name: Text.catch(""),
    level: IntLike,
    image: Text.catch(""),
    child_list: z
      .array(CategoryNodeSchema)
      .optional()
      .transform((list) => list ?? []),
  }),
);
export const CategoryTreeSchema = z.array(CategoryNodeSchema);
