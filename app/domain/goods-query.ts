import { z } from "zod";
import { toCents } from "./pricing/money";
import { KeywordSchema } from "./search-schemas";

/** Page sizes of goods lists (the old PC client used 25). */
export const GOODS_PAGE_SIZE = 20;
export const MAX_PAGE = 500;

const OptionalInt = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.coerce.number({ invalid_type_error: "validation:number" }).int("validation:number").positive("validation:number").max(2_147_483_647).optional());

const OptionalPrice = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(
    z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, "validation:price")
      .optional(),
  );

/**
 * The query string of /list (spec §2: keyword, category_id, level, search_type, plus brand, price
 * range, sort and page). Bad values are refused with a message, never silently changed.
 */
export const GoodsQuerySchema = z
  .object({
    keyword: KeywordSchema.optional(),
    category_id: OptionalInt,
    level: z.enum(["1", "2", "3"]).optional(),
    brand_id: OptionalInt,
    min_price: OptionalPrice,
    max_price: OptionalPrice,
    order: z.enum(["sale_num", "discount_price", "create_time"]).optional(),
    sort: z.enum(["asc", "desc"]).optional(),
    page: z.coerce
      .number({ invalid_type_error: "validation:number" })
      .int("validation:number")
      .min(1, "validation:number")
      .max(MAX_PAGE, "validation:number")
      .default(1),
    coupon: OptionalInt,
    search_type: z.enum(["goods", "shop"]).optional(),
  })
  .refine((query) => !query.min_price || !query.max_price || toCents(query.min_price) <= toCents(query.max_price), {
    message: "catalog:list.priceRangeInvalid",
    path: ["max_price"],
  });
export type GoodsQuery = z.infer<typeof GoodsQuerySchema>;

/** Query string → GoodsQuery; only the keys the schema knows are read. */
export function parseGoodsQuery(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of ["keyword", "category_id", "level", "brand_id", "min_price", "max_price", "order", "sort", "page", "coupon", "search_type"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return GoodsQuerySchema.safeParse(raw);
}
