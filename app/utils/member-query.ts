import { z } from "zod";

/** `?page=` of a member list: 1–9999, anything else is page 1 (a bad page is not worth a 400). */
export const PageParam = z
  .string()
  .regex(/^[1-9]\d{0,3}$/)
  .transform(Number)
  .optional()
  .catch(undefined)
  .transform((value) => value ?? 1);

/** `?id=` of a member detail page: a positive id, or null (the page answers 404). */
export const IdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((value) => value <= 2_147_483_647)
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);

/** `?id=&redirect=` of an edit page (an address, a withdrawal account): no id adds one; `redirect` is checked again when redirecting. */
export const EditPageQuerySchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .optional(),
  redirect: z.string().max(2000).optional(),
});

/** An edit page's query, or null for a bad one (the page answers 404). */
export function editPageQuery(request: Request): z.infer<typeof EditPageQuerySchema> | null {
  const query = EditPageQuerySchema.safeParse(queryOf(request));
  return query.success ? query.data : null;
}

/** The query string of a request as a plain object (first value of each name). */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** A member list page's view of one upstream page: its number, the page count, the rows as the page shows them. */
export function listPage<Row, View>(page: number, answer: { page_count: number; list: Row[] }, toView: (row: Row) => View) {
  return { page, pageCount: answer.page_count, rows: answer.list.map(toView) };
}
