import { createCookie } from "@remix-run/node";
import { cookieSecure } from "~/utils/cookie-secure.server";

/**
 * The persisted "top ad count" of spec §4 (ADR 005): each close counts; a closed banner stays
 * hidden for the rest of the browser session; after 3 closes it is never shown again.
 */
export const TOP_AD_MAX_CLOSES = 3;
const YEAR = 365 * 24 * 60 * 60;

const countCookie = createCookie("top_ad_count", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR });
const closedCookie = createCookie("top_ad_closed", { path: "/", sameSite: "lax", httpOnly: true });

async function readCount(cookieHeader: string | null): Promise<number> {
  const value = Number(await countCookie.parse(cookieHeader));
  return Number.isInteger(value) && value > 0 ? Math.min(value, TOP_AD_MAX_CLOSES) : 0;
}

export async function shouldShowTopAd(request: Request): Promise<boolean> {
  const cookieHeader = request.headers.get("Cookie");
  if ((await closedCookie.parse(cookieHeader)) === 1) return false;
  return (await readCount(cookieHeader)) < TOP_AD_MAX_CLOSES;
}

/** Set-Cookie values for one close. */
export async function closeTopAd(request: Request): Promise<string[]> {
  const count = await readCount(request.headers.get("Cookie"));
  // Secure as the session cookies are (a cookie's options are fixed at import, before the env is read).
  const secure = { secure: cookieSecure() };
  return [await countCookie.serialize(Math.min(count + 1, TOP_AD_MAX_CLOSES), secure), await closedCookie.serialize(1, secure)];
}
