import { describe, expect, test } from "vitest";
import { openToken, sealToken } from "~/session/token-crypto.server";

const CURRENT = "current-secret-0123456789abcdef";
const OLD = "retired-secret-0123456789abcdef";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.member-42-upstream-token.c2lnbmF0dXJl";

/** Flips one character of a base64url part of the sealed string. */
function tamper(sealed: string, partIndex: number): string {
  const parts = sealed.split(".");
  const part = parts[partIndex];
  const first = part[0] === "A" ? "B" : "A";
  parts[partIndex] = first + part.slice(1);
  return parts.join(".");
}

describe("sealToken / openToken", () => {
  test("round trip", () => {
    const sealed = sealToken(TOKEN, [CURRENT]);
    expect(openToken(sealed, [CURRENT])).toBe(TOKEN);
  });

  test("round trip of non-ASCII and empty tokens", () => {
    expect(openToken(sealToken("令牌✓", [CURRENT]), [CURRENT])).toBe("令牌✓");
    expect(openToken(sealToken("", [CURRENT]), [CURRENT])).toBeNull(); // no ciphertext part → refused
  });

  test("the sealed string is versioned and carries no token text", () => {
    const sealed = sealToken(TOKEN, [CURRENT]);
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(sealed.split(".")).toHaveLength(4);
    expect(sealed).not.toContain(TOKEN);
    expect(sealed).not.toContain("member-42");
    expect(sealed).not.toContain(Buffer.from(TOKEN).toString("base64url"));
    expect(sealed).not.toContain(Buffer.from(TOKEN).toString("base64"));
  });

  test("a fresh IV each time: the same token seals differently", () => {
    const a = sealToken(TOKEN, [CURRENT]);
    const b = sealToken(TOKEN, [CURRENT]);
    expect(a).not.toBe(b);
    expect(openToken(a, [CURRENT])).toBe(TOKEN);
    expect(openToken(b, [CURRENT])).toBe(TOKEN);
  });

  test.each([
    ["iv", 1],
    ["auth tag", 2],
    ["ciphertext", 3],
  ])("tampering with the %s fails", (_label, index) => {
    const sealed = sealToken(TOKEN, [CURRENT]);
    expect(openToken(tamper(sealed, index), [CURRENT])).toBeNull();
  });

  test("a truncated ciphertext fails", () => {
    const sealed = sealToken(TOKEN, [CURRENT]);
    expect(openToken(sealed.slice(0, -2), [CURRENT])).toBeNull();
  });

  test("another version prefix fails", () => {
    const sealed = sealToken(TOKEN, [CURRENT]);
    expect(openToken(sealed.replace(/^v1\./, "v2."), [CURRENT])).toBeNull();
  });

  test.each([undefined, null, 42, {}, "", "v1", "v1..", "not.a.sealed.token", TOKEN])("%j is not a sealed token", (value) => {
    expect(openToken(value, [CURRENT])).toBeNull();
  });

  test("a wrong secret fails", () => {
    const sealed = sealToken(TOKEN, [CURRENT]);
    expect(openToken(sealed, ["someone-elses-secret-0123456789"])).toBeNull();
  });

  test("rotation: sealed with the old secret, opened while it is second in the list", () => {
    const sealedWithOld = sealToken(TOKEN, [OLD]);
    expect(openToken(sealedWithOld, [CURRENT, OLD])).toBe(TOKEN);
  });

  test("rotation: new seals use the first secret only", () => {
    const sealed = sealToken(TOKEN, [CURRENT, OLD]);
    expect(openToken(sealed, [CURRENT])).toBe(TOKEN);
    expect(openToken(sealed, [OLD])).toBeNull();
  });

  test("rotation: once the old secret is retired, its seals no longer open", () => {
    const sealedWithOld = sealToken(TOKEN, [OLD]);
    expect(openToken(sealedWithOld, [CURRENT])).toBeNull();
  });
});
