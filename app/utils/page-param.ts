import { z } from "zod";

const PageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `?page=N` of a list page: a positive whole number, anything else is page 1 (bad input never errors). */
export function pageParam(request: Request): number {
  return PageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
}
