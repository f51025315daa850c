import { ACTION_ROUTES, type ActionRoute } from "../actions";
import { pool, send, type Body, type Req } from "../http";
import { inputValues } from "../html";
import { SAME_ORIGIN, type Sessions } from "../members";
import { exchange, fail } from "../report";
import { BFF } from "../stack";

/**
 * Malformed bodies to every action (same-origin, so they pass the origin check): a body the
 * action cannot read (wrong or missing content type, broken multipart, JSON, a huge body) must be
 * refused with a 4xx; garbage inside a well-formed form must never give a 5xx.
 */
const PROBE = "5 malformed bodies";

type BodyCase = {
  name: string;
  contentType?: string;
  body(route: ActionRoute): Body | undefined;
  /** The body cannot be read as a form: only a 4xx is right (unless the action never reads the body). */
  unreadable: boolean;
};

const urlencoded = "application/x-www-form-urlencoded";
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const boundary = "----resilienceBoundary7MA4YWxkTrZu0gW";
const multipart = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("") + `--${boundary}--\r\n`;
const HUGE = 3 * 1024 * 1024;

export const BODY_CASES: BodyCase[] = [
  { name: "no content type, form bytes", body: (r) => Buffer.from(encode(r.valid)), unreadable: true },
  { name: "no content type, no body", body: () => undefined, unreadable: true },
  { name: "text/plain", contentType: "text/plain", body: (r) => encode(r.valid), unreadable: true },
  { name: "application/json (the valid fields)", contentType: "application/json", body: (r) => JSON.stringify(r.valid), unreadable: true },
  { name: "application/json, broken", contentType: "application/json", body: () => '{"intent":', unreadable: true },
  {
    name: "application/xml",
    contentType: "application/xml",
    body: () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    unreadable: true,
  },
  { name: "multipart without boundary", contentType: "multipart/form-data", body: (r) => multipart(r.valid), unreadable: true },
  { name: "multipart, wrong boundary", contentType: "multipart/form-data; boundary=not-the-one", body: (r) => multipart(r.valid), unreadable: true },
  { name: "multipart, truncated", contentType: `multipart/form-data; boundary=${boundary}`, body: (r) => multipart(r.valid).slice(0, -30), unreadable: true },
  {
    name: "multipart, garbage",
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: () => `--${boundary}\r\nnonsense\r\n\r\n\u0000\u0001`,
    unreadable: true,
  },
  {
    name: `huge urlencoded body (${HUGE / 1024 / 1024} MB)`,
    contentType: urlencoded,
    body: (r) => `${encode(r.valid)}&pad=${"a".repeat(HUGE)}`,
    unreadable: true,
  },
  { name: "multipart, valid (the valid fields)", contentType: `multipart/form-data; boundary=${boundary}`, body: (r) => multipart(r.valid), unreadable: false },
  {
    name: "multipart with a 2 MB file",
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: (r) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${"x".repeat(2 * 1024 * 1024)}\r\n${multipart(r.valid)}`,
    unreadable: false,
  },
  { name: "urlencoded, no fields", contentType: urlencoded, body: () => "", unreadable: false },
  {
    name: "urlencoded, garbage bytes",
    contentType: urlencoded,
    body: () => Buffer.from([0x25, 0x25, 0x26, 0x3d, 0x3d, 0x00, 0xff, 0xfe, 0x25, 0x7a, 0x7a, 0x0a, 0x26]),
    unreadable: false,
  },
  {
    name: "urlencoded, invalid percent escapes",
    contentType: urlencoded,
    body: (r) =>
      `${Object.keys(r.valid)
        .map((k) => `${k}=%E0%A4%A%zz`)
        .join("&")}&%=%&intent=%`,
    unreadable: false,
  },
  {
    name: "urlencoded, every field twice (different values)",
    contentType: urlencoded,
    body: (r) =>
      `${encode(r.valid)}&${Object.keys(r.valid)
        .map((k) => `${k}=other-${k}`)
        .join("&")}`,
    unreadable: false,
  },
  {
    name: "urlencoded, fields missing (only intent)",
    contentType: urlencoded,
    body: (r) => (r.valid.intent ? encode({ intent: r.valid.intent }) : "x=1"),
    unreadable: false,
  },
  { name: "urlencoded, unknown intent", contentType: urlencoded, body: (r) => encode({ ...r.valid, intent: "drop-tables'; --" }), unreadable: false },
  {
    name: "urlencoded, overlong values (100k chars each)",
    contentType: urlencoded,
    body: (r) =>
      encode(
        Object.fromEntries(
          Object.keys(r.valid)
            .concat("intent")
            .map((k) => [k, "9".repeat(100_000)]),
        ),
      ),
    unreadable: false,
  },
  {
    name: "urlencoded, numbers out of range",
    contentType: urlencoded,
    body: (r) =>
      encode({ ...r.valid, cart_id: "1e308", num: "-0", member_id: "99999999999999999999", coupon_type_id: "NaN", window: "99999999999999999999-1" }),
    unreadable: false,
  },
  {
    name: "urlencoded, array and prototype names",
    contentType: urlencoded,
    body: (r) => `${encode(r.valid)}&intent[]=x&redirect[0]=/&__proto__[token]=x&constructor[prototype][x]=1&toString=1`,
    unreadable: false,
  },
  {
    name: "urlencoded, 20 000 fields",
    contentType: urlencoded,
    body: (r) => `${encode(r.valid)}&${Array.from({ length: 20_000 }, (_, i) => `f${i}=${i}`).join("&")}`,
    unreadable: false,
  },
  {
    name: "urlencoded, control characters and NUL",
    contentType: urlencoded,
    body: (r) => encode(Object.fromEntries(Object.keys(r.valid).map((k) => [k, "\u0000\u0001\u001b[31m\u202e\ud800"]))),
    unreadable: false,
  },
  { name: "urlencoded; charset=utf-7", contentType: `${urlencoded}; charset=utf-7`, body: (r) => encode(r.valid), unreadable: false },
];

function request(route: ActionRoute, sessions: Sessions, c: BodyCase): Req {
  const headers: Record<string, string> = { ...SAME_ORIGIN };
  if (c.contentType !== undefined) headers["Content-Type"] = c.contentType;
  if (route.as === "member") headers.Cookie = sessions.member.cookie;
  return { base: BFF, method: "POST", path: route.path, headers, body: c.body(route), document: true, raw: true };
}

function check(req: Req, res: Awaited<ReturnType<typeof send>>, name: string, route: ActionRoute, unreadable: boolean) {
  if (res.error) return fail(PROBE, name, req, res, "no answer (connection dropped)");
  if (res.status >= 500) return fail(PROBE, name, req, res, `${res.status} to a malformed body`);
  if (unreadable && route.readsBody && !(res.status >= 400 && res.status < 500))
    fail(PROBE, name, req, res, `an unreadable body is accepted (${res.status}, expected 400/413/415)`);
}

/** Honeypot garbage on /register: the honeypot must refuse with a 4xx, never crash. */
async function honeypotCases(): Promise<Array<{ name: string; fields: Record<string, string> }>> {
  const inputs = inputValues((await send({ base: BFF, path: "/register", document: true })).body);
  const honeypot = [...inputs].filter(([name]) => /__confirm$/.test(name));
  const nameField = honeypot.find(([name]) => !/^from__/.test(name))?.[0] ?? "name__confirm";
  const fromField = honeypot.find(([name]) => /^from__/.test(name))?.[0] ?? "from__confirm";
  const fromValue = inputs.get(fromField) ?? "";
  const valid = { ...ACTION_ROUTES.find((route) => route.path === "/register")!.valid, username: "honeypot_probe" };
  return [
    { name: "honeypot field filled", fields: { ...valid, [nameField]: "I am a bot", [fromField]: fromValue } },
    { name: "honeypot: valid-from garbage", fields: { ...valid, [nameField]: "", [fromField]: "garbage" } },
    { name: "honeypot: valid-from base64 garbage", fields: { ...valid, [nameField]: "", [fromField]: "U2FsdGVkX1+AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" } },
    { name: "honeypot: valid-from empty", fields: { ...valid, [nameField]: "", [fromField]: "" } },
    { name: "honeypot: valid-from missing", fields: { ...valid, [nameField]: "" } },
    { name: "honeypot: name field missing", fields: { ...valid, [fromField]: fromValue } },
    { name: "honeypot: fields doubled", fields: { ...valid, [nameField]: "", [fromField]: fromValue } },
    { name: "honeypot: valid-from overlong", fields: { ...valid, [nameField]: "", [fromField]: "A".repeat(200_000) } },
  ];
}

/** Routes without an action: a form posted there gets a 405, which must still be a page or a clear text (global check). */
export const NO_ACTION_PATHS = ["/", "/index", "/list", "/brand", "/closed", "/suggest"];

export async function probeBodies(sessions: Sessions) {
  for (const path of NO_ACTION_PATHS) {
    const req: Req = { base: BFF, method: "POST", path, headers: { ...SAME_ORIGIN, "Content-Type": urlencoded }, body: "intent=x", document: true, raw: true };
    const res = await exchange(PROBE, "POST to a route without an action", req);
    if (res.error) fail(PROBE, `POST ${path} (no action)`, req, res, "no answer");
    else if (res.status >= 500) fail(PROBE, `POST ${path} (no action)`, req, res, `${res.status} to a post where no action exists (expected 405)`);
  }

  const jobs: Array<{ route: ActionRoute; c: BodyCase }> = [];
  for (const route of ACTION_ROUTES) for (const c of BODY_CASES) jobs.push({ route, c });
  // Huge bodies one at a time (a shared 2-core machine); the rest four at a time.
  const big = (job: (typeof jobs)[number]) => /huge|2 MB|20 000/.test(job.c.name);
  const run = async ({ route, c }: (typeof jobs)[number]) => {
    const req = request(route, sessions, c);
    const res = await exchange(PROBE, c.name, req);
    check(req, res, `POST ${route.path} · ${c.name}`, route, c.unreadable);
  };
  await pool(
    jobs.filter((job) => !big(job)),
    4,
    run,
  );
  await pool(jobs.filter(big), 1, run);

  for (const { name, fields } of await honeypotCases()) {
    const body = new URLSearchParams(fields);
    if (name === "honeypot: fields doubled") for (const [key, value] of Object.entries(fields)) if (/__confirm$/.test(key)) body.append(key, value + "x");
    const req: Req = {
      base: BFF,
      method: "POST",
      path: "/register",
      headers: { ...SAME_ORIGIN, "Content-Type": urlencoded },
      body: body.toString(),
      document: true,
      raw: true,
    };
    const res = await exchange(PROBE, name, req);
    if (res.error) fail(PROBE, `POST /register · ${name}`, req, res, "no answer");
    else if (res.status >= 500) fail(PROBE, `POST /register · ${name}`, req, res, `${res.status}: honeypot garbage crashes the registration`);
    else if (!(res.status >= 400 && res.status < 500)) fail(PROBE, `POST /register · ${name}`, req, res, `honeypot garbage is not refused (${res.status})`);
  }
}
