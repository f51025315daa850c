import { pool, type Req, type Res } from "../http";
import { inputValues } from "../html";
import { DEMO, FORM, testApi, type Sessions } from "../members";
import { PATH_PAYLOADS, REDIRECT_PAYLOADS } from "../payloads";
import { exchange, fail } from "../report";
import { BFF } from "../stack";

/**
 * Open redirects: every redirect parameter of the app gets every payload of REDIRECT_PAYLOADS, and
 * raw request paths (PATH_PAYLOADS) go to the places that redirect back to the request's own path.
 * A finding is a Location (or meta refresh) whose resolved origin is not the BFF's, an injected
 * header, or a 5xx.
 */
const PROBE = "1 open redirect";
const here = new URL(BFF);

type Place = { name: string; concurrency?: number; request(payload: string, sessions: Sessions, name: string): Req | Promise<Req> };

const form = (path: string, fields: Record<string, string>, cookie?: string): Req => ({
  base: BFF,
  method: "POST",
  path,
  headers: { ...FORM, ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields),
  document: true,
});
const page = (path: string, cookie?: string): Req => ({ base: BFF, path, headers: cookie ? { Cookie: cookie } : {}, document: true });
const q = (payload: string) => encodeURIComponent(payload);

/** Opens `path` like a browser and gives back the page's hidden inputs (its answer is checked like any other). */
async function openForm(placeName: string, payload: string, path: string): Promise<Map<string, string>> {
  const req = page(path);
  const res = await exchange(PROBE, placeName, req);
  judge(`${placeName} (the GET)`, payload, req, res);
  return inputValues(res.body);
}

let registered = 0;
/** GET /register?redirect=…, then a username registration with the form as rendered (honeypot, captcha answer, the echoed redirect). */
async function registration(placeName: string, payload: string): Promise<Req> {
  const inputs = await openForm(placeName, payload, `/register?redirect=${q(payload)}`);
  const captchaId = inputs.get("captcha_id");
  const fields: Record<string, string> = {};
  for (const [name, value] of inputs) if (/__confirm$/.test(name)) fields[name] = value; // the honeypot pair, as rendered
  if (captchaId) fields.captcha_code = (await testApi<{ code: string }>(`/__test/captcha?id=${encodeURIComponent(captchaId)}`)).code;
  registered += 1;
  return form("/register", {
    ...fields,
    intent: "register-username",
    username: `rsl_${Date.now().toString(36)}_${registered}`,
    password: "abc123456",
    confirm_password: "abc123456",
    agreement: "on",
    ...(captchaId ? { captcha_id: captchaId } : {}),
    redirect: inputs.get("redirect") ?? payload,
  });
}

/** GET /login?redirect=…, then the password form as rendered (demo logs in). */
async function login(placeName: string, payload: string): Promise<Req> {
  const inputs = await openForm(placeName, payload, `/login?redirect=${q(payload)}`);
  return form("/login", { intent: "password-login", username: DEMO.username, password: DEMO.password, redirect: inputs.get("redirect") ?? payload });
}

/** Every place that takes a `redirect` value (query parameter or form field). */
export const REDIRECT_PLACES: Place[] = [
  { name: "/login?redirect= then its form (demo logs in)", concurrency: 3, request: (p, _s, name) => login(name, p) },
  { name: "/register?redirect= then its form (new member)", concurrency: 3, request: (p, _s, name) => registration(name, p) },
  { name: "POST /set-lang", request: (p) => form("/set-lang", { lng: "en-us", redirect: p }) },
  { name: "POST /top-ad", request: (p) => form("/top-ad", { redirect: p }) },
  { name: "POST /float-layer", request: (p) => form("/float-layer", { window: "1-2", redirect: p }) },
  {
    name: "POST /cart set-quantity (member)",
    request: (p, s) => form("/cart", { intent: "set-quantity", cart_id: String(s.cartLineId), num: "1", redirect: p }, s.member.cookie),
  },
  { name: "POST /cart refused edit (member)", request: (p, s) => form("/cart", { intent: "delete", cart_id: "999999", redirect: p }, s.member.cookie) },
  { name: "GET /switch-account?redirect= (visitor)", request: (p) => page(`/switch-account?redirect=${q(p)}`) },
  {
    name: "POST /switch-account (member)",
    request: (p, s) => form("/switch-account", { member_id: String(s.groupMate.member_id), redirect: p }, s.switcher.cookie),
  },
  // As a visitor: a member's logout retires its cookie (ADR 008), which the other probes still use.
  { name: "POST /logout", request: (p) => form("/logout", { redirect: p }) },
  { name: "POST /sku-1 follow (visitor → login)", request: (p) => form(`/sku-1?redirect=${q(p)}`, { intent: "follow", redirect: p }) },
  { name: "GET /member/index?redirect= (expired token)", request: (p, s) => page(`/member/index?redirect=${q(p)}`, s.expiredCookie) },
];

/** Places that redirect to the request's own path: raw paths, sent byte for byte. */
export const PATH_PLACES: Place[] = [
  { name: "GET <path> (visitor)", request: (p) => ({ ...page(p), raw: true }) },
  { name: "GET <path> (expired token: error catalogue)", request: (p, s) => ({ ...page(p, s.expiredCookie), raw: true }) },
  { name: "POST <path> (expired token: error catalogue)", request: (p, s) => ({ ...form(p, { intent: "x" }, s.expiredCookie), raw: true, body: "intent=x" }) },
  { name: "GET <path> (member)", request: (p, s) => ({ ...page(p, s.member.cookie), raw: true }) },
];

/** Why this answer sends the browser off-site (or injects headers), or null. */
export function offSite(res: Res): string | null {
  const problems: string[] = [];
  if (res.headers.get("x-injected") !== null || res.setCookies.some((line) => /^injected=/.test(line))) problems.push("header injection");
  if (res.location !== null) {
    let target: URL | null = null;
    try {
      target = new URL(res.location, `${BFF}/`); // WHATWG parsing, as browsers: "\" is "/", tabs and newlines are dropped
    } catch {
      problems.push("unparseable Location");
    }
    if (target && target.origin !== here.origin) problems.push(`Location leaves the site (→ ${target.origin === "null" ? target.protocol : target.origin})`);
  }
  const refresh = /<meta[^>]+http-equiv=["']?refresh["']?[^>]*content=["']?[^"'>]*url=([^"'>\s]+)/i.exec(res.body)?.[1];
  if (refresh) {
    try {
      if (new URL(refresh, `${BFF}/`).origin !== here.origin) problems.push("meta refresh leaves the site");
    } catch {
      // not a URL a browser would follow either
    }
  }
  return problems.length ? problems.join("; ") : null;
}

function judge(placeName: string, payload: string, req: Req, res: Res) {
  const caseName = `${placeName} ${JSON.stringify(payload)}`;
  if (res.error) return fail(PROBE, caseName, req, res, "no answer");
  if (res.status >= 500) return fail(PROBE, caseName, req, res, `${res.status} (a server error instead of a refusal)`);
  const problem = offSite(res);
  if (problem) fail(PROBE, caseName, req, res, `${placeName}: ${problem}`);
}

async function probePlace(place: Place, payloads: string[], sessions: Sessions) {
  const started = performance.now();
  await pool(payloads, place.concurrency ?? 4, async (payload) => {
    const req = await place.request(payload, sessions, place.name);
    const res = await exchange(PROBE, place.name, req);
    judge(place.name, payload, req, res);
  });
  if (process.env.RESILIENCE_VERBOSE) console.log(`  ${place.name}: ${payloads.length} payloads, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function probeOpenRedirects(sessions: Sessions) {
  for (const place of REDIRECT_PLACES) await probePlace(place, REDIRECT_PAYLOADS, sessions);
  for (const place of PATH_PLACES) await probePlace(place, PATH_PAYLOADS, sessions);
}
