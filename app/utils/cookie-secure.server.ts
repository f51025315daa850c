import { env } from "~/utils/env.server";

/** Secure cookies in a real deployment (external upstream in production) unless COOKIE_SECURE says otherwise. */
export function cookieSecure(): boolean {
  const { COOKIE_SECURE, NODE_ENV, UPSTREAM_URL } = env();
  if (COOKIE_SECURE) return COOKIE_SECURE === "true";
  return NODE_ENV === "production" && process.env.EMBEDDED_SHOP_API !== "1" && Boolean(UPSTREAM_URL);
}
