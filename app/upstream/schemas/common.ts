import { z } from "zod/v4";
import { parseMoney } from "~/domain/pricing/money";

// Helpers for the upstream's loose JSON (contract/LIVE.md "Surprises in the real shapes").

/** An int that may arrive as a number or a numeric string ("1", "210.000"). */
export const IntLike = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).pipe(z.coerce.number());

/** A 0/1 flag that may be a number, a numeric string or a boolean. */
export const Flag = z.union([z.number(), z.string(), z.boolean()]).transform((value) => value === true || value === 1 || value === "1");

/**
 * Money: a 2-decimal string ("12.50") or a computed JSON number; kept as a decimal string ("" → "0"),
 * checked by the one money parser (`parseMoney`) so everything downstream can read it.
 */
export const Money = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = typeof value === "number" ? String(value) : value.trim() || "0";
  try {
    parseMoney(text);
  } catch {
    ctx.addIssue({ code: "custom", message: "not a money value" });
    return z.NEVER;
  }
  return text;
});

/** Money that may be absent: `""` (visitors: no member price), null or missing → null, never "0" (so `""` is matched before Money). */
export const OptionalMoney = z
  .union([z.literal(""), Money, z.literal(null)])
  .optional()
  .catch(undefined)
  .transform((value) => value || null);

/** Text that may be null or missing upstream; always a string for us. */
export const Text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

/** A string holding JSON (adv_url, nav_url, float-layer url); bad or empty JSON becomes `fallback`. */
export function jsonString<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return z.unknown().transform((value): z.output<T> => {
    let decoded: unknown = value;
    if (typeof value === "string") {
      try {
        decoded = value.trim() === "" ? undefined : JSON.parse(value);
      } catch {
        decoded = undefined;
      }
    }
    const parsed = schema.safeParse(decoded);
    return parsed.success ? parsed.data : fallback;
  });
}

/** The `{url, title}` object inside link fields. */
export const LinkSchema = z.object({ url: Text, title: Text.optional() });
export type Link = z.infer<typeof LinkSchema>;
export const LinkField = jsonString(LinkSchema, { url: "", title: "" });

/** Paginated data: `{page_count, count, list}` (+ siblings some endpoints add). */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ page_count: IntLike, count: IntLike, list: z.array(item) });
}

/** `{token}` answers of login and registration. */
export const TokenSchema = z.object({ token: z.string().min(1) });
/** `{key}` answers of SMS code requests. */
export const SmsKeySchema = z.object({ key: z.string().min(1) });
/** For calls whose data we do not read (site/status → "", verifyToken → ""). */
export const Ignored = z.unknown();
