import { z } from "zod";

const PageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `?page=N` of a list page: a positive whole number, anything else is page 1 (bad input never errors). */
export function pageParam(request: Request): number {
  return PageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
}

/**
 * `?page=N` of a campaign list (group buys, topics): up to six digits, anything else is page 1.
 * Stricter than `pageParam` ("1e3" or " 2" are page 1 here), as those lists have always read it.
 */
export function campaignPageParam(request: Request): number {
  const value = new URL(request.url).searchParams.get("page");
  return value && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/** A list page past the last one answers 404 (the page still renders its empty note); page 1 never does. */
export function pastTheEnd(page: number, itemCount: number): boolean {
  return page > 1 && itemCount === 0;
}
