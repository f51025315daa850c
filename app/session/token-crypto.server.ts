import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// The upstream token is sealed with AES-256-GCM before it goes into the (signed) session cookie,
// so neither page scripts (HttpOnly) nor anyone who reads the cookie can use it (ADR 002).
const VERSION = "v1";
const keyCache = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "storefront-token-salt", "upstream-token", 32));
    keyCache.set(secret, key);
  }
  return key;
}

/** Encrypts with the first (current) secret. */
export function sealToken(token: string, secrets: readonly string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secrets[0]), iv);
  const ciphertext = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** Decrypts with any of the secrets (rotation); null when it cannot be opened. */
export function openToken(sealed: unknown, secrets: readonly string[]): string | null {
  if (typeof sealed !== "string") return null;
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !ciphertext) return null;
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      // wrong key: try the next secret
    }
  }
  return null;
}
