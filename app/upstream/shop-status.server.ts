import { learntMap } from "~/utils/cache.server";
import { redirect } from "~/utils/redirect.server";

/**
 * Whether the shop is open (spec §4 "Shop status"), as the upstream's own answers tell it (ADR 064).
 * Niushop's BaseApi refuses every call with -3 while the PC channel is closed (its constructor,
 * before any action: `app/api/controller/BaseApi.php`), so an answer of -3 says closed and any other
 * envelope says open. The client core (http.server.ts) reports each answer here; a document reads
 * what is known without asking (site.server.ts `knownShopStatus`).
 */
export type ShopTold = { open: boolean; askedAt: number };

const KEY = "status:site:told";
const told = learntMap<ShopTold>();

/**
 * One answer's word on the shop, `askedAt` being when its call was sent (performance.now()): an
 * answer to a call sent before the last word is older news and is ignored, so a slow success that
 * was asked before the shop closed cannot reopen it.
 */
export function noteShopAnswer(open: boolean, askedAt: number): void {
  const last = told.get(KEY);
  if (last && askedAt < last.askedAt) return;
  told.set(KEY, { open, askedAt });
}

/** The latest word on the shop, or undefined when no answer has told yet (a fresh process). */
export function lastShopAnswer(): ShopTold | undefined {
  return told.get(KEY);
}

/**
 * A document that failed with a 502 while the BFF knows the shop closed goes to /closed instead of
 * the error page: its closure was first met by a shared call of the page's own loader, which has no
 * request to redirect (ADR 064); the next page would have gone there anyway. Null otherwise.
 */
export function closedShopRedirect(request: Request, status: number): Response | null {
  if (status !== 502 || lastShopAnswer()?.open !== false) return null;
  if (new URL(request.url).pathname === "/closed") return null;
  return redirect("/closed", { headers: { "Cache-Control": "private, no-store" } });
}
