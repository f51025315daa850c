import type { GoodsQuery } from "./goods-query";

// Apart from goods-query.ts so the browser gets the link builder without the zod schema.

/** A /list URL for `query` with `changes` applied (page resets unless given). */
export function goodsListHref(query: Partial<GoodsQuery>, changes: Partial<GoodsQuery> = {}): string {
  const next: Record<string, unknown> = { ...query, page: undefined, ...changes };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === null || value === "" || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `/list?${text}` : "/list";
}
