import type { Browser } from "@playwright/test";
import { pool, send, type Req, type Res } from "../http";
import { inputValues, startTags, withoutScripts } from "../html";
import { createMember, FORM, logIn, type Sessions } from "../members";
import { activePart, XSS_PAYLOADS } from "../payloads";
import { exchange, fail, tally } from "../report";
import { BFF } from "../stack";

/**
 * XSS: every payload of XSS_PAYLOADS in every place that echoes a value (query parameters, paths,
 * forms re-rendered after a 400) and in what a member can store (nickname, username, mobile). A
 * finding is the payload's active part unescaped in the HTML, a script URL in an attribute, or,
 * in Chromium, a dialog, `window.__xss` set, or a CSP violation by an inline script.
 */
const PROBE = "2 XSS (HTML)";
const BROWSER_PROBE = "2 XSS (browser)";

const q = (payload: string) => encodeURIComponent(payload);
const page = (path: string, cookie?: string): Req => ({ base: BFF, path, headers: cookie ? { Cookie: cookie } : {}, document: true });
const form = (path: string, fields: Record<string, string>, cookie?: string): Req => ({
  base: BFF,
  method: "POST",
  path,
  headers: { ...FORM, ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields),
  document: true,
});

/**
 * A place takes a batch of payloads per request: the first goes into the place's own field(s),
 * the others into its other fields and, as extra query parameters, into the URL (the layout echoes
 * the URL in its forms). `batch` 1 = one request per payload, for the places that matter most.
 */
type Place = { name: string; batch: number; request(batch: string[], sessions: Sessions, honeypot: Record<string, string>): Req };

/** `&e0=<p0>&e1=<p1>…` for the batch, or "" for a batch of one. */
const extras = (batch: string[]) => (batch.length > 1 ? batch.map((p, i) => `&e${i}=${q(p)}`).join("") : "");
const at = (batch: string[], index: number) => batch[index % batch.length];

/** Where a value comes back in the page: query parameters, paths, and forms answered with a 400. */
export const REFLECTED_PLACES: Place[] = [
  { name: "GET /list?keyword=", batch: 1, request: ([p]) => page(`/list?keyword=${q(p)}`) },
  {
    name: "GET /list filters",
    batch: 5,
    request: (b) => page(`/list?page=${q(at(b, 0))}&order=${q(at(b, 1))}&brand_id=${q(at(b, 2))}&min_price=${q(at(b, 3))}&category_id=${q(at(b, 4))}`),
  },
  { name: "GET /search?keyword=", batch: 1, request: ([p]) => page(`/search?keyword=${q(p)}`) },
  { name: "GET /street?keyword=", batch: 2, request: (b) => page(`/street?keyword=${q(b[0])}${extras(b)}`) },
  { name: "GET /suggest?keyword=", batch: 1, request: ([p]) => ({ base: BFF, path: `/suggest?keyword=${q(p)}` }) },
  { name: "GET /login?redirect=", batch: 1, request: ([p]) => page(`/login?redirect=${q(p)}&mode=${p.length % 2 ? "mobile" : "password"}`) },
  { name: "GET /login?mode=", batch: 6, request: (b) => page(`/login?mode=${q(b[0])}${extras(b)}`) },
  { name: "GET /register?redirect=&mode=", batch: 2, request: (b) => page(`/register?redirect=${q(b[0])}&mode=${q(at(b, 1))}${extras(b)}`) },
  { name: "GET /find_pass?<p>=<p>", batch: 60, request: (b) => page(`/find_pass?${b.map((p) => `${q(p)}=${q(p)}`).join("&")}`) },
  { name: "GET /index?<p>=<p> (echoed by layout forms)", batch: 60, request: (b) => page(`/index?${b.map((p) => `${q(p)}=${q(p)}`).join("&")}`) },
  { name: "GET /sku-1?eval_page=&img=&qr=", batch: 3, request: (b) => page(`/sku-1?eval_page=${q(at(b, 0))}&img=${q(at(b, 1))}&qr=${q(at(b, 2))}`) },
  { name: "GET /coupon?page=", batch: 10, request: (b) => page(`/coupon?page=${q(b[0])}${extras(b)}`) },
  { name: "GET /brand?page=&keyword=", batch: 10, request: (b) => page(`/brand?page=${q(b[0])}&keyword=${q(at(b, 1))}${extras(b)}`) },
  { name: "GET /cart?cart_id= (member)", batch: 60, request: (b, s) => page(`/cart?${b.map((p) => `cart_id=${q(p)}`).join("&")}`, s.member.cookie) },
  {
    name: "GET /member/index?<p>=<p> (member)",
    batch: 60,
    request: (b, s) => page(`/member/index?${b.map((p) => `${q(p)}=${q(p)}`).join("&")}`, s.member.cookie),
  },
  { name: "GET /<p> (404 page)", batch: 3, request: (b) => page(`/${b.map(q).join("/")}`) },
  { name: "GET /sku-<p> (404 page)", batch: 3, request: (b) => page(`/sku-${q(b[0])}?${extras(b).slice(1)}`) },
  { name: "POST /login 400 (username)", batch: 1, request: ([p]) => form("/login", { intent: "password-login", username: p, password: "", redirect: p }) },
  {
    name: "POST /login 400 (mobile)",
    batch: 3,
    request: (b) => form(`/login?mode=mobile${extras(b)}`, { intent: "send-code", mobile: b[0], redirect: at(b, 1) }),
  },
  {
    name: "POST /register 400 (fields)",
    batch: 3,
    request: (b, _s, h) =>
      form(`/register?x${extras(b)}`, {
        ...h,
        intent: "register-username",
        username: b[0],
        password: "1",
        confirm_password: at(b, 1),
        realname: at(b, 2),
        redirect: at(b, 1),
      }),
  },
  {
    name: "POST /register?mode=mobile 400",
    batch: 3,
    request: (b, _s, h) => form(`/register?mode=mobile${extras(b)}`, { ...h, intent: "send-code", mobile: b[0], realname: at(b, 1), redirect: at(b, 2) }),
  },
  { name: "POST /find_pass 400 (mobile)", batch: 3, request: (b) => form(`/find_pass?x${extras(b)}`, { intent: "send-code", mobile: b[0] }) },
  { name: "POST /sku-1 400 (num)", batch: 3, request: (b) => form(`/sku-1?x${extras(b)}`, { intent: "add-to-cart", num: b[0] }) },
  { name: "POST /sku-1 400 (intent)", batch: 3, request: (b) => form(`/sku-1?x${extras(b)}`, { intent: b[0] }) },
  {
    name: "POST /coupon 400 (member)",
    batch: 6,
    request: (b, s) => form(`/coupon?x${extras(b)}`, { intent: "receive", coupon_type_id: b[0] }, s.member.cookie),
  },
  {
    name: "POST /cart 400 (member)",
    batch: 6,
    request: (b, s) => form(`/cart?x${extras(b)}`, { intent: b[0], cart_id: at(b, 1), num: at(b, 2) }, s.member.cookie),
  },
  { name: "POST /switch-account 400 (member)", batch: 6, request: (b, s) => form(`/switch-account?x${extras(b)}`, { member_id: b[0] }, s.member.cookie) },
  { name: "POST /set-lang 400", batch: 1, request: ([p]) => form("/set-lang", { lng: p, redirect: p }) },
  { name: "POST /float-layer 400", batch: 1, request: ([p]) => form("/float-layer", { window: p, redirect: p }) },
];

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "data", "srcdoc", "xlink:href", "poster", "background", "content"]);
const SCRIPT_URL = /^[\s\u0000-\u001f]*(?:j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t|vbscript)\s*:|^\s*data:text\/html|url=\s*javascript:/i;

/** Why this HTML carries `payload` unescaped, or null. */
export function unescaped(html: string, payload: string): string | null {
  const active = activePart(payload);
  if (active?.kind === "tag" && html.includes(active.text)) return "payload tag unescaped in the HTML";
  if (active?.kind === "quote" && withoutScripts(html).includes(active.text)) return "payload breaks out of an attribute";
  // Attribute level, on the parsed start tags: the app renders no inline handlers and no script URLs itself.
  for (const tag of startTags(html)) {
    for (const attribute of tag.attributes) {
      if (/^on[a-z]+$/.test(attribute.name)) return `inline event handler <${tag.name} ${attribute.name}="${attribute.value.slice(0, 40)}">`;
      if (URL_ATTRIBUTES.has(attribute.name) && SCRIPT_URL.test(attribute.value))
        return `script URL in <${tag.name} ${attribute.name}="${attribute.value.slice(0, 40)}">`;
    }
  }
  if (/<script>window\.__xss/i.test(html)) return "payload script element in the HTML";
  return null;
}

function checkHtml(place: string, payloads: string[], req: Req, res: Res) {
  if (res.error) return fail(PROBE, place, req, res, "no answer");
  if (res.status >= 500) return fail(PROBE, place, req, res, `${res.status} instead of a page or a refusal`);
  if (!/text\/html/.test(res.headers.get("content-type") ?? "")) return;
  for (const payload of payloads) {
    const problem = unescaped(res.body, payload);
    if (problem) fail(PROBE, `${place} ${JSON.stringify(payload)}`, req, res, `${place}: ${problem}`);
  }
}

/** The honeypot inputs of the register form as rendered (so a post reaches the form's own validation). */
async function honeypotFields(): Promise<Record<string, string>> {
  const res = await send(page("/register"));
  const fields: Record<string, string> = {};
  for (const [name, value] of inputValues(res.body)) if (/__confirm$/.test(name)) fields[name] = value;
  return fields;
}

export type StoredMember = { payload: string; cookie: string | null; username: string };

/** Members whose nickname, mobile and username are payloads, all in one account group, each signed in. */
async function storedMembers(): Promise<StoredMember[]> {
  const first = await createMember({ nickname: XSS_PAYLOADS[0], mobile: `${XSS_PAYLOADS[0]}#0` });
  const firstCookie = await logIn(first.username, first.password);
  const members: StoredMember[] = [{ payload: XSS_PAYLOADS[0], username: first.username, cookie: firstCookie }];
  const created = await pool(XSS_PAYLOADS.slice(1), 3, async (payload, index) => {
    const fields = { group_with: first.member_id, nickname: payload, mobile: `${payload}#${index + 1}` };
    // A payload the login form cannot take as a username (over 50 characters, surrounding spaces)
    // stays in the nickname and mobile only; so does one the shop API refuses.
    const usable = payload.length <= 50 && payload.trim() === payload;
    const member = usable ? await createMember({ ...fields, username: payload }).catch(() => createMember(fields)) : await createMember(fields);
    return { payload, member };
  });
  // Each member signs in itself: an account switch starts a new sign-in and retires the cookie it
  // came from (ADR 008), so one cookie cannot be switched from many times.
  await pool(created, 3, async ({ payload, member }) => {
    const cookie = await logIn(member.username, member.password).catch(() => null);
    members.push({ payload, username: member.username, cookie });
  });
  return members;
}

export async function probeXss(sessions: Sessions): Promise<StoredMember[]> {
  const honeypot = await honeypotFields();
  for (const place of REFLECTED_PLACES) {
    const batches: string[][] = [];
    for (let index = 0; index < XSS_PAYLOADS.length; index += place.batch) batches.push(XSS_PAYLOADS.slice(index, index + place.batch));
    const started = performance.now();
    await pool(batches, 4, async (batch) => {
      const req = place.request(batch, sessions, honeypot);
      const res = await exchange(PROBE, place.name, req);
      checkHtml(place.name, batch, req, res);
    });
    if (process.env.RESILIENCE_VERBOSE) console.log(`  ${place.name}: ${batches.length} requests, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  // Stored: each member's own pages, and the account list that shows every member of the group.
  const stored = await storedMembers();
  for (const member of stored.filter((entry) => entry.cookie === null)) {
    fail(
      PROBE,
      `stored ${JSON.stringify(member.payload)}`,
      `POST /login as member ${JSON.stringify(member.username)}`,
      "no session",
      "cannot sign in as the member that stores this payload (setup: its pages are not checked)",
    );
  }
  const loggedIn = stored.filter((entry): entry is StoredMember & { cookie: string } => entry.cookie !== null);
  await pool(loggedIn, 4, async (member) => {
    for (const path of ["/member/index"]) {
      const req = page(path, member.cookie);
      const res = await exchange(PROBE, `stored ${path}`, req);
      checkHtml(`stored nickname/username on ${path}`, [member.payload], req, res);
    }
  });
  if (loggedIn[0]) {
    const req = page("/switch-account", loggedIn[0].cookie);
    const res = await exchange(PROBE, "stored /switch-account", req);
    checkHtml("stored nicknames/mobiles on /switch-account", XSS_PAYLOADS, req, res);
  }
  return stored;
}

/** Payloads replayed in Chromium (the HTML check covers all of them; the browser confirms nothing runs). */
const BROWSER_PAYLOADS = [
  "<script>window.__xss=1</script>",
  '"><img src=x onerror=window.__xss=1>',
  '" autofocus onfocus="alert(1)',
  "</script><svg onload=window.__xss=1>",
];

type Visit = { name: string; url: string; cookie?: string; post?: { action: string; fields: Record<string, string> } };

export async function probeXssInBrowser(browser: Browser, sessions: Sessions, stored: StoredMember[]) {
  const visits: Visit[] = [];
  visits.push({ name: "GET /index?<p>=<p>", url: `/index?${BROWSER_PAYLOADS.map((p) => `${q(p)}=${q(p)}`).join("&")}` });
  for (const p of BROWSER_PAYLOADS) {
    visits.push(
      { name: "GET /list?keyword=", url: `/list?keyword=${q(p)}` },
      { name: "GET /login?redirect=", url: `/login?redirect=${q(p)}` },
      { name: "POST /login 400", url: "/login", post: { action: "/login", fields: { intent: "password-login", username: p, password: "", redirect: p } } },
    );
  }
  const withSession = stored.filter((entry) => entry.cookie !== null);
  if (withSession[0]) visits.push({ name: "stored /switch-account", url: "/switch-account", cookie: withSession[0].cookie! });
  for (const entry of withSession.filter((member) => BROWSER_PAYLOADS.includes(member.payload))) {
    visits.push({ name: `stored /member/index ${JSON.stringify(entry.payload)}`, url: "/member/index", cookie: entry.cookie! });
  }
  visits.push({ name: "baseline /cart (member)", url: "/cart", cookie: sessions.member.cookie });

  await pool(visits, 2, async (visit) => {
    const context = await browser.newContext({ javaScriptEnabled: true, locale: "zh-CN" });
    try {
      if (visit.cookie) {
        await context.addCookies(
          visit.cookie.split(/;\s*/).map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: BFF })),
        );
      }
      await context.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          w.__csp.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
        });
      });
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss().catch(() => {});
      });
      await page.goto(BFF + visit.url, { waitUntil: "load", timeout: 45_000 });
      if (visit.post) {
        // A plain form built in the page (same origin) and submitted, as a visitor's browser would.
        // Built only once React has hydrated (a node added before that is removed when hydration
        // re-renders the document), and built and submitted in one step so nothing can remove it between.
        await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 45_000 });
        await Promise.all([
          page.waitForNavigation({ waitUntil: "load", timeout: 45_000 }),
          page.evaluate(({ action, fields }) => {
            const element = document.createElement("form");
            element.method = "post";
            element.action = action;
            for (const [name, value] of Object.entries(fields)) {
              const input = document.createElement("input");
              input.type = "hidden";
              input.name = name;
              input.value = value;
              element.append(input);
            }
            document.body.prepend(element);
            setTimeout(() => element.submit(), 0); // after this evaluation returns, so the navigation cannot cut it off
          }, visit.post!),
        ]);
      }
      await page.waitForTimeout(400); // handlers (onload, onfocus, ontoggle) fire right after load
      const state = await page.evaluate(() => {
        const w = window as unknown as { __xss?: unknown; __csp?: string[] };
        return { xss: w.__xss ?? null, csp: w.__csp ?? [] };
      });
      tally(BROWSER_PROBE);
      const description = visit.post
        ? `browser: open ${BFF}${visit.url}, then POST ${visit.post.action} ${new URLSearchParams(visit.post.fields)}`
        : `browser: open ${BFF}${visit.url}${visit.cookie ? " (member cookie)" : ""}`;
      const scriptViolations = state.csp.filter((line) => /^script-src/.test(line));
      if (dialogs.length) fail(BROWSER_PROBE, visit.name, description, dialogs.join("; "), "a payload opened a dialog");
      if (state.xss !== null) fail(BROWSER_PROBE, visit.name, description, `window.__xss = ${JSON.stringify(state.xss)}`, "a payload ran");
      if (scriptViolations.length)
        fail(BROWSER_PROBE, visit.name, description, scriptViolations.join(" | "), "CSP blocked an injected script (escaping failed; only the CSP stopped it)");
    } catch (error) {
      tally(BROWSER_PROBE);
      fail(
        BROWSER_PROBE,
        visit.name,
        `browser: open ${BFF}${visit.url}`,
        error instanceof Error ? error.message.split("\n")[0] : String(error),
        "the page could not be checked",
      );
    } finally {
      await context.close();
    }
  });
}
