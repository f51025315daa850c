/**
 * Routes of spec §2 that need a member. A visitor who asks for one is sent to
 * /login?redirect=<path>; the splat route applies this list to pages later issues will build.
 */
const MEMBER_PAGES_WITHOUT_LOGIN = new Set(["/member/out_of_stock"]);
const LOGIN_REQUIRED_EXACT = new Set([
  "/evaluate",
  "/payment",
  "/pay",
  "/result",
  "/point/payment",
  "/promotion/seckill_payment",
  "/promotion/combo_payment",
  "/promotion/groupbuy_payment",
  "/promotion/topic_payment",
]);

export function isLoginRequired(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (MEMBER_PAGES_WITHOUT_LOGIN.has(path)) return false;
  if (path === "/member" || path.startsWith("/member/")) return true;
  return LOGIN_REQUIRED_EXACT.has(path);
}

/** Parses "{prefix}-{id}" URL segments such as "sku-12" (React Router has no partial segments). */
export function parsePrefixedId(segment: string | undefined, prefix: string): number | null {
  if (!segment) return null;
  const match = new RegExp(`^${prefix}-(\\d{1,10})$`).exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
