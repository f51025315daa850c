import { afterEach, expect, test } from "vitest";
import { boundMobileKey, signBoundMobileKey } from "~/auth/bound-mobile-key.server";
import { pointBffAt } from "../support/bff-environment";

// SMS keys of codes sent to the member's bound mobile travel signed for the member and the mobile
// (ADR 041): Niushop 5.5.2 takes any cached key with its code, so only such a key is passed on.

const OWNER = { memberId: 7, mobile: "13800000007" };
const KEY = "password_mobile_code_0123456789abcdef0123456789abcdef";
let restore = () => {};

afterEach(() => restore());

test("a signed key opens for its owner only: another member, another mobile, a changed key or signature, no mobile", () => {
  restore = pointBffAt("http://upstream.test", { SESSION_SECRET: "first-secret-0123456789" });
  const signed = signBoundMobileKey(KEY, OWNER);
  expect(signed.startsWith(`${KEY}.`)).toBe(true);
  expect(boundMobileKey(signed, OWNER)).toBe(KEY);

  expect(boundMobileKey(signed, { ...OWNER, memberId: 8 })).toBeNull();
  expect(boundMobileKey(signed, { ...OWNER, mobile: "13900000007" })).toBeNull();
  expect(boundMobileKey(signed, { ...OWNER, mobile: "" })).toBeNull();
  expect(boundMobileKey(signed.replace(KEY, `${KEY.slice(0, -1)}0`), OWNER)).toBeNull();
  expect(boundMobileKey(`${signed.slice(0, -2)}AA`, OWNER)).toBeNull();
  for (const bad of [KEY, "", null, undefined, ".abc", `${KEY}.`]) expect(boundMobileKey(bad, OWNER), String(bad)).toBeNull();
});

test("a key signed before a secret rotation still opens while the old secret is listed, not after", () => {
  restore = pointBffAt("http://upstream.test", { SESSION_SECRET: "old-secret-0123456789ab" });
  const signed = signBoundMobileKey(KEY, OWNER);
  restore();
  restore = pointBffAt("http://upstream.test", { SESSION_SECRET: "new-secret-0123456789ab,old-secret-0123456789ab" });
  expect(boundMobileKey(signed, OWNER)).toBe(KEY);
  restore();
  restore = pointBffAt("http://upstream.test", { SESSION_SECRET: "new-secret-0123456789ab" });
  expect(boundMobileKey(signed, OWNER)).toBeNull();
});
