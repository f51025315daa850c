import { createHash } from "node:crypto";

/**
 * A short digest of a value's JSON: what parts rendered once (StaticMarkup) are keyed by. Content,
 * not a counter, so every worker gives the same content the same version, and a page from one
 * worker and a `.data` answer from another agree.
 */
export function contentVersion(value: unknown): string {
  return createHash("sha1").update(JSON.stringify(value)).digest("base64url").slice(0, 16);
}
