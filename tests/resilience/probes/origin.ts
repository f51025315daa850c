import { ACTION_ROUTES, type ActionRoute } from "../actions";
import { pool, type Req } from "../http";
import type { Sessions } from "../members";
import { exchange, fail } from "../report";
import { BFF } from "../stack";

/**
 * Cross-site and malformed-origin POSTs to every action: refused with 403 (400 for a malformed
 * Origin), never a 5xx; same-origin posts (and non-browser clients that send neither Origin nor
 * Sec-Fetch-Site) are not refused by the origin check.
 */
const PROBE = "4 cross-site POST";
const CONTROL = "4 same-origin POST (control)";

type OriginCase = { name: string; headers: Record<string, string>; method?: string; allowed: number[] };

export const CROSS_SITE_CASES: OriginCase[] = [
  { name: "Origin: https://evil.com", headers: { Origin: "https://evil.com" }, allowed: [403] },
  { name: "Origin: evil, Sec-Fetch-Site: same-origin (lie)", headers: { Origin: "https://evil.com", "Sec-Fetch-Site": "same-origin" }, allowed: [403] },
  { name: "Origin: evil + Referer: own site", headers: { Origin: "https://evil.com", Referer: `${BFF}/index` }, allowed: [403] },
  { name: "Origin: http://127.0.0.1:1 (other port)", headers: { Origin: "http://127.0.0.1:1" }, allowed: [403] },
  { name: "Origin: own hostname as a subdomain of evil", headers: { Origin: `http://${new URL(BFF).hostname}.evil.com:${new URL(BFF).port}` }, allowed: [403] },
  { name: "Origin: own host with a non-numeric port", headers: { Origin: `http://${new URL(BFF).host}.evil.com` }, allowed: [400, 403] },
  { name: "Origin: null, no Sec-Fetch-Site", headers: { Origin: "null" }, allowed: [403] },
  { name: "Origin: null, Sec-Fetch-Site: cross-site", headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" }, allowed: [403] },
  { name: "Origin: not a url", headers: { Origin: "not a url" }, allowed: [400, 403] },
  { name: "Origin: http://", headers: { Origin: "http://" }, allowed: [400, 403] },
  { name: "Origin: bare host without scheme", headers: { Origin: new URL(BFF).host }, allowed: [400, 403] },
  { name: "Origin: two origins", headers: { Origin: `https://evil.com ${BFF}` }, allowed: [400, 403] },
  { name: "Origin: empty", headers: { Origin: "" }, allowed: [400, 403] },
  { name: "Sec-Fetch-Site: cross-site, no Origin", headers: { "Sec-Fetch-Site": "cross-site" }, allowed: [403] },
  { name: "Referer: https://evil.com/, no Origin", headers: { Referer: "https://evil.com/attack" }, allowed: [403] },
  {
    name: "Referer: evil, Sec-Fetch-Site: cross-site, no Origin",
    headers: { Referer: "https://evil.com/attack", "Sec-Fetch-Site": "cross-site" },
    allowed: [403],
  },
  { name: "DELETE with Origin: evil", headers: { Origin: "https://evil.com" }, method: "DELETE", allowed: [403, 405] },
  { name: "PUT with Origin: null", headers: { Origin: "null" }, method: "PUT", allowed: [403, 405] },
];

/** Same-origin posts: whatever the action answers, it is not the origin check's refusal. */
export const SAME_ORIGIN_CASES: OriginCase[] = [
  { name: "Origin: own origin", headers: { Origin: BFF, "Sec-Fetch-Site": "same-origin" }, allowed: [] },
  { name: "Origin: own origin, no Sec-Fetch-Site", headers: { Origin: BFF }, allowed: [] },
  { name: "Sec-Fetch-Site: same-origin, no Origin", headers: { "Sec-Fetch-Site": "same-origin" }, allowed: [] },
  { name: "Referer: own site, no Origin", headers: { Referer: `${BFF}/index` }, allowed: [] },
  { name: "non-browser client: no Origin, no Sec-Fetch-Site", headers: {}, allowed: [] },
];

function request(route: ActionRoute, sessions: Sessions, headers: Record<string, string>, method = "POST", suffix = ""): Req {
  return {
    base: BFF,
    method,
    path: route.path + suffix,
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", ...(route.as === "member" ? { Cookie: sessions.member.cookie } : {}) },
    body: new URLSearchParams(route.valid),
    document: suffix === "",
    raw: true, // node:http: an empty or odd Origin is sent exactly as written
  };
}

export async function probeOrigins(sessions: Sessions) {
  const jobs: Array<() => Promise<void>> = [];
  for (const route of ACTION_ROUTES) {
    for (const c of CROSS_SITE_CASES) {
      for (const suffix of c === CROSS_SITE_CASES[0] ? ["", ".data"] : [""]) {
        jobs.push(async () => {
          const req = request(route, sessions, c.headers, c.method, suffix);
          const res = await exchange(PROBE, c.name, req);
          const name = `${c.method ?? "POST"} ${route.path}${suffix} · ${c.name}`;
          if (res.error) return fail(PROBE, name, req, res, "no answer");
          if (res.status >= 500) return fail(PROBE, name, req, res, `${c.name} → ${res.status} (crash instead of ${c.allowed.join("/")})`);
          if (!c.allowed.includes(res.status)) fail(PROBE, name, req, res, `${c.name} → not refused (expected ${c.allowed.join("/")})`);
        });
      }
    }
    for (const c of SAME_ORIGIN_CASES) {
      jobs.push(async () => {
        const req = request(route, sessions, c.headers);
        const res = await exchange(CONTROL, c.name, req);
        const name = `POST ${route.path} · ${c.name}`;
        if (res.error) return fail(CONTROL, name, req, res, "no answer");
        if (res.status >= 500) return fail(CONTROL, name, req, res, `${res.status} to a well-formed same-origin post`);
        if (res.status === 403 && /cross-site/i.test(res.body)) fail(CONTROL, name, req, res, `${c.name}: refused by the origin check`);
      });
    }
  }
  await pool(jobs, 4, (job) => job());
}
