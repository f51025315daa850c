import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { env } from "./env.server";

/**
 * What a member uploads for the shop alone (payment vouchers, qualification licences, chat images,
 * refund evidence) is served only to that member (ADR 053). The upstream keeps such files under
 * `upload/[<site id>/]<folder>/…` (Niushop's Upload model; our reference API the same without a
 * site id) and serves them to whoever asks, so the BFF decides: the plain `/media` proxy refuses
 * these folders (404), and a page that shows one to its member links it as
 * `/media/own/<expiry>.<signature>/<path>`, the signature binding the path to that member's token
 * (a digest of it) and the expiry. server.ts serves such a link only with the same member's
 * session, `private, no-store`; anyone else, a visitor included, gets 404.
 *
 * One link is bound to no member: the registration form's preview of a qualification image the
 * visitor has just uploaded (no session yet), good for VISITOR_LINK_SECONDS.
 */

/** Niushop 5.5.2's folders (offlinepay, chat_img, refundimg) and our reference API's (qualification, chat, refund). */
const PRIVATE_FOLDERS = /^upload\/(?:\d+\/)?(?:offlinepay|qualification|chat_img|chat|refundimg|refund)\//i;

/** How long a member's link works: longer than any page stays open, shorter than a leaked copy should. */
export const MEMBER_LINK_SECONDS = 24 * 60 * 60;
/** A registration preview's link (bound to nobody): the time to finish the form. */
export const VISITOR_LINK_SECONDS = 60 * 60;

/** The prefix server.ts routes to the private media handler. */
export const PRIVATE_MEDIA_PREFIX = "/media/own/";

function normalise(path: string): string {
  return path.replace(/^\/+/, "");
}

/** Whether an upstream path is a member's private upload (refused by the plain /media proxy). */
export function isPrivateUpload(path: string): boolean {
  return PRIVATE_FOLDERS.test(normalise(path));
}

/** Whom a link is for: a digest of the member's token, or "" for a visitor's registration preview. */
function viewerId(token: string | null): string {
  return token ? createHash("sha256").update(token).digest("base64url") : "";
}

function signature(expires: number, viewer: string, path: string, secret: string): string {
  return createHmac("sha256", secret).update(`private-media\n${expires}\n${viewer}\n${path}`).digest("base64url");
}

/**
 * The signed link of a private upload for the member holding `token` (null: the visitor's
 * registration preview); `ownAssetUrl` (upstream/context.server.ts) is what pages call. The expiry
 * is rounded up to the minute, so a page's links (and its cached markup) stay the same for a minute.
 */
export function privateUploadUrl(path: string, token: string | null): string {
  const clean = normalise(path);
  const lifetime = token ? MEMBER_LINK_SECONDS : VISITOR_LINK_SECONDS;
  const expires = Math.ceil((Date.now() / 1000 + lifetime) / 60) * 60;
  return `${PRIVATE_MEDIA_PREFIX}${expires}.${signature(expires, viewerId(token), clean, env().SESSION_SECRET[0]!)}/${clean}`;
}

/**
 * The upstream path a private link names, when it was signed for the member holding `token` (or
 * for nobody, a registration preview) with any secret of the rotation list and has not expired;
 * else null (→ 404). `signed` is the `<expiry>.<signature>` part, `path` the rest.
 */
export function privateUploadPath(signed: string, path: string, token: string | null): string | null {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(signed);
  if (!match || !isPrivateUpload(path) || path.includes("..")) return null;
  const expires = Number(match[1]);
  if (expires * 1000 <= Date.now()) return null;
  const given = Buffer.from(match[2]!);
  const viewers = token ? [viewerId(token), ""] : [""];
  for (const secret of env().SESSION_SECRET) {
    for (const viewer of viewers) {
      const expected = Buffer.from(signature(expires, viewer, path, secret));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return path;
    }
  }
  return null;
}
