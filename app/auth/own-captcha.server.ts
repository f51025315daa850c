import { randomBytes } from "node:crypto";
import svgCaptcha from "svg-captcha";
import { sharedMarks } from "~/utils/cluster.server";
import { env } from "~/utils/env.server";
import { openToken, sealToken } from "~/session/token-crypto.server";

/**
 * The BFF's own image captcha (svg-captcha), asked for by the attempt limiter after a few failed
 * sign-ins when the upstream does not ask for its own (Niushop 5 does not even check its login
 * captcha, contract §4). Stateless across requests: the answer travels sealed (AES-GCM) in the
 * captcha id, with an expiry; a used id is remembered so it cannot be replayed.
 */
const PREFIX = "bff.";
const LIFETIME_MS = 10 * 60 * 1000;
const used = sharedMarks("used-captcha", { max: 50_000, ttl: LIFETIME_MS });

export type Captcha = { id: string; img: string };

export function isOwnCaptcha(id: string | undefined): boolean {
  return Boolean(id?.startsWith(PREFIX));
}

export function newOwnCaptcha(): Captcha {
  const drawn = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: "0oO1ilI", width: 100, height: 40 });
  const claim = { answer: drawn.text.toLowerCase(), expires: Date.now() + LIFETIME_MS, nonce: randomBytes(9).toString("base64url") };
  return {
    id: `${PREFIX}${sealToken(JSON.stringify(claim), env().SESSION_SECRET)}`,
    img: `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString("base64")}`,
  };
}

/** Whether `code` answers the captcha `id`; an id is good for one check only, right or wrong. */
export async function checkOwnCaptcha(id: string | undefined, code: string | undefined): Promise<boolean> {
  if (!id || !code || !isOwnCaptcha(id)) return false;
  const opened = openToken(id.slice(PREFIX.length), env().SESSION_SECRET);
  if (!opened) return false;
  let claim: { answer?: unknown; expires?: unknown; nonce?: unknown };
  try {
    claim = JSON.parse(opened);
  } catch {
    return false;
  }
  if (typeof claim.nonce !== "string" || (await used.has(claim.nonce))) return false;
  // Marked here at once; the other workers (and instances) learn it a moment later (not awaited).
  void used.add(claim.nonce);
  return typeof claim.expires === "number" && claim.expires > Date.now() && claim.answer === code.trim().toLowerCase();
}
