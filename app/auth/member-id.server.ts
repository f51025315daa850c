import type { UpstreamContext } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { cachedForMember } from "~/utils/cache.server";

/** A token names one member for its whole life (an account switch hands out a new token). */
const MEMBER_ID_TTL_MS = 10 * 60_000;

/**
 * The member a token belongs to (`/api/member/info`), for limits that must hold per member rather
 * than per sign-in: a new sign-in brings a new token but the same member.
 */
export function memberIdOf(ctx: UpstreamContext & { token: string }): Promise<number> {
  return cachedForMember(ctx.token, "member-id", MEMBER_ID_TTL_MS, async () => (await getMember(ctx)).member_id);
}
