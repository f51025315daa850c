import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { Req } from "../http";
import type { Sessions } from "../members";
import { exchange, fail } from "../report";
import { BFF, SESSION_SECRET } from "../stack";

/**
 * Forged and tampered cookies: never a 5xx, and a forged session is a visitor (/login renders the
 * form, /member/index sends to /login). The valid session itself is the control.
 */
const PROBE = "3 cookies";

/** The `__session` value of a Cookie header. */
function sessionValue(cookie: string): string {
  return /(?:^|;\s*)__session=([^;]*)/.exec(cookie)?.[1] ?? "";
}

/** Flips one character of a base64 text (at `at` of the way through it). */
function flip(text: string, at: number): string {
  const index = Math.floor(text.length * at);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const current = alphabet.indexOf(text[index]);
  return text.slice(0, index) + alphabet[(current + 1) % alphabet.length] + text.slice(index + 1);
}

const sign = (secret: string, value: unknown) =>
  createCookie("__session", { secrets: [secret] })
    .serialize(value)
    .then((line) => line.split(";")[0]);

type Forgery = {
  name: string;
  cookie(valid: string): string | Promise<string>;
  /** "visitor": must not be a member; "any": only "never a 5xx" (several sessions, other cookies). */
  expect: "visitor" | "any" | "member";
};

/** The forged cookies. `valid` is a member's real `__session` value. */
export const FORGERIES: Forgery[] = [
  { name: "control: the valid session", cookie: (v) => `__session=${v}`, expect: "member" },
  { name: "random text", cookie: () => "__session=hello-this-is-not-a-session", expect: "visitor" },
  { name: "random base64", cookie: () => `__session=${encodeURIComponent(randomBytes(96).toString("base64"))}`, expect: "visitor" },
  {
    name: "random value.signature",
    cookie: () => `__session=${encodeURIComponent(`${randomBytes(60).toString("base64")}.${randomBytes(32).toString("base64")}`)}`,
    expect: "visitor",
  },
  { name: "empty", cookie: () => "__session=", expect: "visitor" },
  { name: "only a dot", cookie: () => "__session=.", expect: "visitor" },
  { name: "value without its signature", cookie: (v) => `__session=${encodeURIComponent(decodeURIComponent(v).split(".")[0])}`, expect: "visitor" },
  { name: "bit flipped in the value (start)", cookie: (v) => `__session=${encodeURIComponent(flip(decodeURIComponent(v), 0.1))}`, expect: "visitor" },
  { name: "bit flipped in the value (middle)", cookie: (v) => `__session=${encodeURIComponent(flip(decodeURIComponent(v), 0.4))}`, expect: "visitor" },
  { name: "bit flipped in the signature", cookie: (v) => `__session=${encodeURIComponent(flip(decodeURIComponent(v), 0.95))}`, expect: "visitor" },
  {
    name: "another signature",
    cookie: (v) => `__session=${encodeURIComponent(`${decodeURIComponent(v).split(".")[0]}.${randomBytes(32).toString("base64").replace(/=+$/, "")}`)}`,
    expect: "visitor",
  },
  { name: "signature cut short", cookie: (v) => `__session=${v.slice(0, -6)}`, expect: "visitor" },
  { name: "value doubled, one signature", cookie: (v) => `__session=${encodeURIComponent(decodeURIComponent(v).split(".")[0])}${v}`, expect: "visitor" },
  {
    name: "the valid session re-signed by another secret",
    cookie: async (v) => {
      const data = await createCookie("__session", { secrets: [SESSION_SECRET] }).parse(`__session=${v}`);
      return sign("another-secret-entirely-0123456789", data);
    },
    expect: "visitor",
  },
  { name: "signed by another secret: token 'abc'", cookie: () => sign("another-secret-entirely-0123456789", { token: "abc" }), expect: "visitor" },
  { name: "real secret: token is garbage", cookie: () => sign(SESSION_SECRET, { token: "garbage" }), expect: "visitor" },
  { name: "real secret: token is a number", cookie: () => sign(SESSION_SECRET, { token: 42 }), expect: "visitor" },
  { name: "real secret: token is an object", cookie: () => sign(SESSION_SECRET, { token: { iv: "x", tag: [1, 2] } }), expect: "visitor" },
  {
    name: "real secret: token looks sealed",
    cookie: () => sign(SESSION_SECRET, { token: "v1.AAAAAAAAAAAAAAAA.BBBBBBBB.CCCCCCCCCCCCCCCCCCCCCC" }),
    expect: "visitor",
  },
  {
    name: "real secret: token sealed, tag flipped",
    cookie: async (v) => {
      const data = (await createCookie("__session", { secrets: [SESSION_SECRET] }).parse(`__session=${v}`)) as { token: string };
      return sign(SESSION_SECRET, { ...data, token: flip(data.token, 0.97) });
    },
    expect: "visitor",
  },
  { name: "real secret: token 1 MB-ish string", cookie: () => sign(SESSION_SECRET, { token: "v1." + "A".repeat(3000) }), expect: "visitor" },
  { name: "real secret: expiresAt garbage", cookie: () => sign(SESSION_SECRET, { token: "x", expiresAt: "tomorrow" }), expect: "visitor" },
  { name: "real secret: session is a string", cookie: () => sign(SESSION_SECRET, "just a string"), expect: "visitor" },
  { name: "real secret: session is null", cookie: () => sign(SESSION_SECRET, null), expect: "visitor" },
  { name: "real secret: session is an array", cookie: () => sign(SESSION_SECRET, [1, 2, 3]), expect: "visitor" },
  {
    name: "real secret: __proto__ keys",
    cookie: () => sign(SESSION_SECRET, JSON.parse('{"__proto__":{"token":"x"},"constructor":{"prototype":{"token":"y"}}}')),
    expect: "visitor",
  },
  { name: "invalid percent-encoding", cookie: () => "__session=%E0%A4%A%zz%", expect: "visitor" },
  { name: "quoted value", cookie: () => '__session="abc.def"', expect: "visitor" },
  { name: "latin-1 bytes", cookie: () => "__session=\u00ff\u00fe\u00e9.\u00e0", expect: "visitor" },
  { name: "huge: 6 KB", cookie: () => `__session=${"A".repeat(6 * 1024)}`, expect: "visitor" },
  { name: "huge: 12 KB", cookie: () => `__session=${"A".repeat(12 * 1024)}`, expect: "visitor" },
  { name: "huge: 40 KB (over Node's 16 KB header limit)", cookie: () => `__session=${"A".repeat(40 * 1024)}`, expect: "visitor" },
  { name: "300 cookies", cookie: () => Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join("; "), expect: "visitor" },
  { name: "two __session: forged then valid", cookie: (v) => `__session=forged; __session=${v}`, expect: "any" },
  { name: "two __session: valid then forged", cookie: (v) => `__session=${v}; __session=forged`, expect: "any" },
  { name: "lng: script", cookie: () => `lng=${encodeURIComponent("<script>window.__xss=1</script>")}`, expect: "visitor" },
  { name: "lng: path traversal", cookie: () => "lng=..%2F..%2F..%2Fetc%2Fpasswd", expect: "visitor" },
  { name: "lng: signed garbage", cookie: async () => (await createCookie("lng").serialize({ a: 1 })).split(";")[0], expect: "visitor" },
  { name: "float_layer: garbage", cookie: () => "float_layer=%7B%22a%22%3A1", expect: "visitor" },
  {
    name: "float_layer: JSON of the wrong shape",
    cookie: async () => (await createCookie("float_layer").serialize({ closed: "yes", until: [] })).split(";")[0],
    expect: "visitor",
  },
  { name: "top_ad_count: huge number", cookie: () => "top_ad_count=1e999", expect: "visitor" },
  { name: "top_ad_count: garbage", cookie: () => "top_ad_count=%%%; top_ad_closed=%zz", expect: "visitor" },
  {
    name: "top_ad_closed: JSON object",
    cookie: async () => (await createCookie("top_ad_closed").serialize({ closed: { x: 1 } })).split(";")[0],
    expect: "visitor",
  },
  { name: "__toast: unsigned garbage", cookie: () => "__toast=garbage", expect: "visitor" },
  {
    name: "__toast: real secret, wrong shape",
    cookie: async () => (await createCookie("__toast", { secrets: [SESSION_SECRET] }).serialize({ kind: 42, key: ["x"] })).split(";")[0],
    expect: "visitor",
  },
  {
    name: "__toast: real secret, unknown key",
    cookie: async () => (await createCookie("__toast", { secrets: [SESSION_SECRET] }).serialize({ kind: "error", key: "no:such.key" })).split(";")[0],
    expect: "visitor",
  },
];

/** What each forged cookie is sent to, and how a visitor is recognised there. */
const TARGETS: Array<{
  path: string;
  method?: string;
  visitor(status: number, location: string | null): boolean;
  member(status: number, location: string | null): boolean;
}> = [
  { path: "/login", visitor: (s) => s === 200, member: (s, l) => s >= 300 && s < 400 && l === "/member/index" },
  { path: "/member/index", visitor: (s, l) => s >= 300 && s < 400 && (l ?? "").startsWith("/login"), member: (s) => s === 200 },
  { path: "/index", visitor: (s) => s === 200, member: (s) => s === 200 },
  { path: "/cart", visitor: (s) => s === 200, member: (s) => s === 200 },
];

export async function probeCookies(sessions: Sessions) {
  const valid = sessionValue(sessions.member.cookie);
  for (const forgery of FORGERIES) {
    const cookie = await forgery.cookie(valid);
    for (const target of TARGETS) {
      const req: Req = { base: BFF, path: target.path, headers: { Cookie: cookie }, document: true, raw: true };
      const res = await exchange(PROBE, forgery.name, req);
      const name = `${forgery.name} → GET ${target.path}`;
      if (res.error) {
        fail(PROBE, name, req, res, "no answer");
        continue;
      }
      if (res.status >= 500) {
        fail(PROBE, name, req, res, `${res.status}: a forged cookie crashes the request`);
        continue;
      }
      if (res.status === 431 || res.status === 400) continue; // refused as too large / malformed: fine for the probe (the 4xx page check still applies)
      if (forgery.expect === "visitor" && !target.visitor(res.status, res.location)) fail(PROBE, name, req, res, "a forged cookie is not treated as a visitor");
      if (forgery.expect === "member" && !target.member(res.status, res.location))
        fail(PROBE, name, req, res, "control failed: the valid session is not a member (probe setup broken?)");
    }
  }
}
