import { connect } from "node:net";
import { WebSocket } from "ws";
import { parseEnv } from "../../../app/utils/env.server";
import type { Req } from "../http";
import { FORM, logIn, memberSession, testApi } from "../members";
import { exchange, fail, tally } from "../report";
import { BFF, PORTS } from "../stack";

/**
 * Issue 30's probes: guessing a pay password, flooding the chat relay with sockets and frames,
 * methods no route serves, and bodies a route never reads on a kept-alive connection. The BFF runs
 * with the shipped limits (CLIENT_LIMIT_FACTOR aside), so the numbers expected are the defaults.
 */
const PAY = "8 pay-password guessing";
const SOCKETS = "9 chat socket floods";
const FRAMES = "10 chat message floods";
const METHODS = "11 unknown methods";
const KEEP_ALIVE = "12 unread bodies on keep-alive";

const SHIPPED = parseEnv({});
/** Sign-in's per-account limit (docs/security.md): the pay password may not be guessed more often. */
const MOST_WRONG_PAY_PASSWORDS = 10;

type Account = { member: { balance: string }; rows: unknown[] };
const accountOf = (username: string) => testApi<Account>(`/__test/member-account?username=${encodeURIComponent(username)}`);

/**
 * A member with balance and a pay password guesses it on /pay: after at most as many failures as
 * sign-in allows, a 429 with Retry-After that says how long; then the right password pays nothing,
 * not from a new sign-in either.
 */
export async function probePayPasswordGuessing() {
  const { member, cookie } = await memberSession();
  const right = "246810";
  await testApi("/__test/member/balance", { username: member.username, balance: "500.00", pay_password: right });
  const { out_trade_no: outTradeNo } = await testApi<{ out_trade_no: string }>("/__test/order/create", { username: member.username, kind: "express" });
  const before = await accountOf(member.username);
  const pay = (password: string, session: string): Req => ({
    base: BFF,
    method: "POST",
    path: `/pay?out_trade_no=${outTradeNo}`,
    headers: { ...FORM, Cookie: session },
    body: new URLSearchParams({ intent: "balance", out_trade_no: outTradeNo, pay_password: password }).toString(),
    document: true,
  });

  let wrongAnswered = 0;
  let locked: { req: Req; status: number; retryAfter: string | null; body: string } | null = null;
  for (let guess = 0; guess < 40 && !locked; guess++) {
    const req = pay(String(100000 + guess), cookie);
    const res = await exchange(PAY, `guess ${guess + 1}`, req);
    if (res.status === 429) locked = { req, status: res.status, retryAfter: res.headers.get("retry-after"), body: res.body };
    else if (res.status === 400) wrongAnswered += 1;
    else fail(PAY, `guess ${guess + 1}`, req, res, `a wrong pay password answered ${res.status}, not 400 or 429`);
  }
  tally(PAY);
  if (!locked) {
    fail(PAY, "40 wrong pay passwords", pay("100039", cookie), `${wrongAnswered} × 400`, "guessing the pay password is not limited");
    return;
  }
  if (wrongAnswered > MOST_WRONG_PAY_PASSWORDS)
    fail(PAY, "limit", locked.req, `429 after ${wrongAnswered} wrong`, `more wrong pay passwords allowed than sign-in allows (${MOST_WRONG_PAY_PASSWORDS})`);
  if (!locked.retryAfter || !(Number(locked.retryAfter) > 0)) fail(PAY, "429", locked.req, "no Retry-After", "the 429 does not say when to try again");
  if (!/\d+\s*分钟/.test(locked.body)) fail(PAY, "429 page", locked.req, "no wait in the page", "the 429 page does not say how many minutes to wait");

  // The right password while locked, from this session and from a new sign-in: refused, nothing paid.
  const again = await logIn(member.username, member.password);
  for (const [name, session] of [
    ["same session", cookie],
    ["new sign-in", again],
  ] as const) {
    const req = pay(right, session);
    const res = await exchange(PAY, `right password while locked (${name})`, req);
    if (res.status !== 429) fail(PAY, `right password while locked (${name})`, req, res, "a locked member's pay password was checked");
  }
  const after = await accountOf(member.username);
  tally(PAY);
  if (after.member.balance !== before.member.balance || after.rows.length !== before.rows.length)
    fail(
      PAY,
      "balance",
      pay(right, again),
      `balance ${before.member.balance} → ${after.member.balance}`,
      "balance was spent while the pay password was locked",
    );
}

type Opened = { socket: WebSocket; state: "open" | "closed" | "refused"; code?: number; reason?: string };

/** Opens a chat socket as a browser would and waits until the relay said its state or closed it. */
function openChat(cookie: string): Promise<Opened> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${PORTS.bff}/chat/socket`, { headers: { Origin: BFF, Cookie: cookie } });
    const timer = setTimeout(() => resolve({ socket, state: "open" }), 10_000); // open but silent: counted as held
    socket.on("message", () => {
      clearTimeout(timer);
      resolve({ socket, state: "open" });
    });
    socket.on("close", (code, reason) => {
      clearTimeout(timer);
      resolve({ socket, state: "closed", code, reason: reason.toString() });
    });
    socket.on("unexpected-response", (_req, res) => {
      clearTimeout(timer);
      resolve({ socket, state: "refused", code: res.statusCode });
    });
    socket.on("error", () => {});
  });
}

function closeAll(opened: Opened[]) {
  return Promise.all(
    opened.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once("close", () => resolve());
          socket.close();
          setTimeout(() => {
            socket.terminate();
            resolve();
          }, 3000).unref();
        }),
    ),
  );
}

const upstreamSockets = async (memberId: number) => (await testApi<{ sockets: number }>(`/__test/chat/messages?member_id=${memberId}`)).sockets;

/**
 * One member's cookie opens many sockets at once: no more than the per-member limit are held
 * (also upstream), the others are closed with 4429 and a reason; once they close, a new one opens.
 */
export async function probeSocketFloods() {
  const { member, cookie } = await memberSession();
  const ATTEMPTS = 40;
  const opened = await Promise.all(Array.from({ length: ATTEMPTS }, () => openChat(cookie)));
  const held = opened.filter((entry) => entry.state === "open");
  const curl = `websocat -H 'Origin: ${BFF}' -H 'Cookie: <member>' ws://127.0.0.1:${PORTS.bff}/chat/socket  # × ${ATTEMPTS} at once`;
  tally(SOCKETS);
  if (held.length > SHIPPED.CHAT_SOCKETS_PER_MEMBER)
    fail(SOCKETS, "one member's sockets", curl, `${held.length} of ${ATTEMPTS} held`, `more than ${SHIPPED.CHAT_SOCKETS_PER_MEMBER} sockets for one member`);
  const upstream = await upstreamSockets(member.member_id);
  tally(SOCKETS);
  if (upstream > SHIPPED.CHAT_SOCKETS_PER_MEMBER)
    fail(SOCKETS, "upstream sockets", curl, `${upstream} upstream sockets`, "the relay opened an upstream socket for every browser socket past the limit");
  for (const refused of opened.filter((entry) => entry.state !== "open")) {
    tally(SOCKETS);
    if (refused.code !== 4429 || !refused.reason)
      fail(
        SOCKETS,
        "refusal",
        curl,
        `${refused.state} ${refused.code ?? ""} ${refused.reason ?? ""}`,
        "a refused socket is not closed with 4429 and a reason the island shows",
      );
  }
  await closeAll(opened);
  const later = await openChat(cookie);
  tally(SOCKETS);
  if (later.state !== "open") fail(SOCKETS, "after closing", curl, `${later.state} ${later.code ?? ""}`, "closed sockets did not give their places back");
  await closeAll([later]);
}

/** One socket sends a flood of frames, another a frame over the size limit: each is closed with its code. */
export async function probeMessageFloods() {
  const { cookie } = await memberSession();
  const flooding = await openChat(cookie);
  const curl = `websocat -H 'Origin: ${BFF}' -H 'Cookie: <member>' ws://127.0.0.1:${PORTS.bff}/chat/socket`;
  if (flooding.state !== "open") {
    fail(FRAMES, "open", curl, `${flooding.state} ${flooding.code ?? ""}`, "a member's first socket was not opened");
    return;
  }
  const closed = new Promise<{ code: number; reason: string } | null>((resolve) => {
    flooding.socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    setTimeout(() => resolve(null), 5000).unref();
  });
  for (let frame = 0; frame < 5000 && flooding.socket.readyState === WebSocket.OPEN; frame++) flooding.socket.send("ping");
  const flood = await closed;
  tally(FRAMES);
  if (!flood || flood.code !== 4420)
    fail(
      FRAMES,
      "5000 frames at once",
      `${curl}  # then 5000 × "ping"`,
      flood ? `closed ${flood.code}` : "still open after 5 s",
      "a frame flood is not cut (4420)",
    );

  const large = await openChat(cookie);
  if (large.state === "open") {
    const closedLarge = new Promise<number | null>((resolve) => {
      large.socket.once("close", (code) => resolve(code));
      setTimeout(() => resolve(null), 5000).unref();
    });
    large.socket.send("x".repeat(SHIPPED.CHAT_MAX_FRAME_BYTES + 1));
    const code = await closedLarge;
    tally(FRAMES);
    if (code !== 1009)
      fail(
        FRAMES,
        "oversized frame",
        `${curl}  # then one frame of ${SHIPPED.CHAT_MAX_FRAME_BYTES + 1} bytes`,
        `closed ${code}`,
        "an oversized frame is not refused with 1009",
      );
  }
  await closeAll([flooding, large]);
}

/** Methods no route serves: 405 or 501 (or Node's own 400), never a 5xx or a stack. */
export async function probeUnknownMethods() {
  const methods = ["TRACE", "TRACK", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "PURGE", "SEARCH", "REPORT", "LINK", "UNLINK"];
  for (const path of ["/index", "/", "/login", "/sku-1", "/member/index", "/no-such-page", "/healthz", "/media/upload/x.png"]) {
    for (const method of methods) {
      const req: Req = { base: BFF, method, path, raw: true, document: true };
      const res = await exchange(METHODS, `${method} ${path}`, req);
      if (res.error) fail(METHODS, `${method} ${path}`, req, res, "no answer");
      else if (![400, 405, 501].includes(res.status)) fail(METHODS, `${method} ${path}`, req, res, `${res.status} instead of 405/501`);
    }
  }
}

/**
 * A POST whose body the route never reads (no action, a redirect, a 404), then a second request on
 * the same connection: the second must be answered (it was reset, 20 of 20).
 */
export async function probeUnreadBodies() {
  const paths = ["/index", "/logout", "/point/1", "/no-such-page", "/healthz", "/media/upload/x.png"];
  for (const path of paths) {
    for (const size of [2_000, 300_000, 900_000]) {
      const answers = await twoOnOneConnection(path, size);
      tally(KEEP_ALIVE);
      const curl = `printf 'POST ${path} HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nOrigin: ${BFF}\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\nContent-Length: ${size}\\r\\n\\r\\n<${size} bytes>GET /healthz HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n' | nc 127.0.0.1 ${PORTS.bff}`;
      if (answers.length < 2)
        fail(
          KEEP_ALIVE,
          `POST ${path} (${size} bytes unread), then GET /healthz`,
          curl,
          answers.join(" | ") || "no answer",
          "the next request on the kept-alive connection got no answer",
        );
      else if (!/^HTTP\/1\.1 200/.test(answers[1]!))
        fail(KEEP_ALIVE, `POST ${path} (${size} bytes), then GET /healthz`, curl, answers.join(" | "), "the next request was not answered 200");
    }
  }
}

/** Status lines of the answers to a POST of `size` body bytes to `path` and a GET /healthz sent after it on one connection. */
function twoOnOneConnection(path: string, size: number): Promise<string[]> {
  return new Promise((resolve) => {
    const socket = connect(PORTS.bff, "127.0.0.1");
    let received = "";
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received.split("\r\n").filter((line) => /^HTTP\/1\.1 \d{3}/.test(line)));
    };
    const timer = setTimeout(finish, 8000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if ((received.match(/^HTTP\/1\.1 \d{3}/gm) ?? []).length >= 2 && /\r\n\r\nok$/.test(received)) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    const body = `a=${"x".repeat(size - 2)}`;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORTS.bff}\r\nOrigin: ${BFF}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`,
    );
    socket.write(body, () => socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${PORTS.bff}\r\n\r\n`));
  });
}
