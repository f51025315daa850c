import { cookieHeader, send } from "./http";
import { BFF, SHOP_API } from "./stack";

/** Members and sessions for the probes: the shop API's test API and real password logins through the BFF. */
export const DEMO = { username: "demo", password: "demo123456" };

export type Member = { member_id: number; username: string; password: string; mobile: string };

export async function testApi<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  const response = await fetch(
    SHOP_API + path,
    body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
  );
  if (!response.ok) throw new Error(`test API ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function createMember(fields: Record<string, unknown> = {}): Promise<Member> {
  return testApi<Member>("/__test/member", fields);
}

/** The same-origin headers a browser's form post carries. */
export const SAME_ORIGIN = { Origin: BFF, "Sec-Fetch-Site": "same-origin" };
export const FORM = { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" };

/** Logs in through the BFF's login form; the answer's cookies, as a Cookie header. */
export async function logIn(username: string, password: string): Promise<string> {
  const body = new URLSearchParams({ intent: "password-login", username, password, redirect: "" });
  const res = await send({ base: BFF, method: "POST", path: "/login", headers: FORM, body, document: true });
  const cookie = cookieHeader(res.setCookies);
  if (res.status !== 303 || !cookie.includes("__session="))
    throw new Error(`login of ${username} failed: ${res.status} ${res.location} ${res.body.slice(0, 200)}`);
  return cookie;
}

/** A fresh member, logged in. */
export async function memberSession(fields: Record<string, unknown> = {}): Promise<{ member: Member; cookie: string }> {
  const member = await createMember(fields);
  return { member, cookie: await logIn(member.username, member.password) };
}

export type Sessions = {
  /** A fresh member with one cart line (`cartLineId`). */
  member: { member: Member; cookie: string };
  cartLineId: number;
  /** Two members of one account group: `switcher` is logged in and may switch to `groupMate`. */
  switcher: { member: Member; cookie: string };
  groupMate: Member;
  /** The session cookie of a member whose upstream token has since expired (error catalogue). */
  expiredCookie: string;
};

export async function prepareSessions(): Promise<Sessions> {
  const member = await memberSession();
  await testApi("/__test/verifier", { username: member.member.username }); // so the verification action reads its body
  const cart = await testApi<{ lines: Array<{ cart_id: number }> }>("/__test/cart", { username: member.member.username, lines: [{ sku_id: 1, num: 1 }] });
  const switcher = await memberSession();
  const groupMate = await createMember({ group_with: switcher.member.member_id });
  const expiring = await memberSession();
  await testApi("/__test/expire-tokens", { username: expiring.member.username });
  return { member, cartLineId: cart.lines[0].cart_id, switcher, groupMate, expiredCookie: expiring.cookie };
}
