import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import type { TestShopApi } from "../../shop-api/testing";
import { commitToken } from "~/session/session.server";
import { bindChat, byeChat, chatKeywords, listChat, markChatRead, sayChat, servicersOnline, uploadChatImage } from "~/upstream/chat.server";
import { sharedContext } from "~/upstream/context.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { CLOSE, type RelayFrame } from "~/domain/chat";
import { createChatRelay, MAX_BROWSER_FRAME_BYTES, type ChatLimits } from "~/relay/chat-relay.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The customer-service chat (contract §7): the reference shop API's socket and servicer endpoints,
 * app/upstream/chat.server.ts against them, and the BFF's socket relay (app/utils/chat-relay.server.ts)
 * on a real HTTP server: origin and session checks, frames both ways, limits, close propagation,
 * and no token in any frame the browser gets.
 */
const live = useLiveShopApi();
let shop: TestShopApi;
beforeAll(() => {
  shop = live.shop;
});

type Frame = { type: string; data: Record<string, unknown> };

/** A socket with a queue of received text frames. */
async function openSocket(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data) => {
    frames.push(data.toString());
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on("open", () => resolve());
    ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on("error", reject);
  });
  /** The next frame matching `accept` (frames are consumed in order). */
  async function next(accept: (text: string) => boolean = () => true): Promise<string> {
    for (;;) {
      const index = frames.findIndex(accept);
      if (index >= 0) return frames.splice(index, 1)[0] as string;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  return { ws, opened, closed, next, frames };
}

async function memberToken(): Promise<{ token: string; memberId: number }> {
  const member = (await shop.testApi("/__test/member", {})).body as { member_id: number; username: string; password: string };
  return { token: await shop.login(member.username, member.password), memberId: member.member_id };
}

const ctxFor = (token: string): UpstreamContext => ({ ...sharedContext(), token, member: "required" });
const wsUrl = () => shop.url.replace(/^http/, "ws") + "/wss";
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("reference shop API: socket and servicer endpoints", () => {
  test("init, bind (servicer offline, then online), say with a keyword reply, history, read marks, bye", async () => {
    const { token, memberId } = await memberToken();
    const socket = await openSocket(wsUrl());
    await socket.opened;
    const init = JSON.parse(await socket.next()) as Frame;
    expect(init.type).toBe("init");
    const clientId = init.data.client_id as string;

    await shop.testApi("/__test/chat/servicer", { online: false });
    expect(await shop.call("/servicer/api/chat/bind", { token, client_id: clientId })).toMatchObject({ code: -1, message: "操作失败", data: "客服不在线" });
    expect(await shop.call("/servicer/api/chat/bind", { token, client_id: "nope" })).toMatchObject({ code: -1, data: "客服连接异常" });
    expect(await shop.call("/servicer/api/chat/hasServicers", { token })).toMatchObject({ data: { online_count: 0 } });
    await shop.testApi("/__test/chat/servicer", { online: true });
    expect(await shop.call("/servicer/api/chat/bind", { token, client_id: clientId })).toMatchObject({ code: 0, data: { servicer_id: 1 } });

    expect(await shop.call("/servicer/api/chat/say", { token, servicer_id: 1, content_type: 0, message: "  " })).toMatchObject({
      code: -1,
      data: "发送内容不能为空",
    });
    expect(await shop.call("/servicer/api/chat/say", { token, servicer_id: 1, content_type: 0, message: "请问发货时间？" })).toMatchObject({
      code: 0,
      data: { read: 0 },
    });
    const reply = JSON.parse(await socket.next((text) => text.includes('"string"'))) as Frame;
    expect(reply.data).toMatchObject({ type: 1, servicer_say: expect.stringContaining("当天发货"), content_type: 0 });
    expect(await shop.call("/servicer/api/chat/say", { token, servicer_id: 1, content_type: 1, goods_id: 1 })).toMatchObject({ code: 0 });
    expect(await shop.call("/servicer/api/chat/say", { token, servicer_id: 1, content_type: 2, order_id: 1 })).toMatchObject({ code: -1, data: "订单不存在" });

    const history = await shop.call("/servicer/api/chat/dialogs", { token, page: 1, limit: 4 });
    const page = history.data as { count: number; page_count: number; list: Record<string, unknown>[] };
    expect(page).toMatchObject({ count: 3, page_count: 1 });
    expect(page.list.map((row) => row.content_type)).toEqual([0, 0, 1]); // oldest first within the page
    expect(page.list[2]).toMatchObject({ goods_sku_id: 1, sku_name: expect.any(String), price: expect.stringMatching(/^\d+\.\d{2}$/) });

    expect(await shop.call("/servicer/api/chat/setRead", { token })).toMatchObject({ code: -1 });
    expect(await shop.call("/servicer/api/chat/setRead", { token, site_id: 1 })).toMatchObject({ code: 0 });
    expect(await shop.call("/servicer/api/chat/keyword", { token })).toMatchObject({
      data: { is_open: 1, keyword_list: expect.arrayContaining([{ keyword: "发票" }]) },
    });

    expect(await shop.call("/servicer/api/chat/bye", { token, servicer_id: 1 })).toMatchObject({ code: 0, message: "会话已结束！" });
    expect(JSON.parse(await socket.next((text) => text.includes('"close"')))).toEqual({ type: "close", data: { status: true } });
    expect((await socket.closed).code).toBe(1000);
    const messages = (await shop.testApi(`/__test/chat/messages?member_id=${memberId}`)).body as { list: { read: number; type: number }[]; sockets: number };
    expect(messages.sockets).toBe(0);
    expect(messages.list.filter((row) => row.type === 1).every((row) => row.read === 1)).toBe(true);
  });

  test("chat image upload takes images only; the servicer endpoints need a token", async () => {
    const { token } = await memberToken();
    const ctx = ctxFor(token);
    const path = await uploadChatImage(ctx, new File([PNG], "a.png", { type: "image/png" }));
    expect(path).toMatch(/^upload\/chat\/\d{8}\/\w+\.png$/);
    await expect(uploadChatImage(ctx, new File(["hello"], "a.png", { type: "image/png" }))).rejects.toBeInstanceOf(UpstreamError);
    expect(await shop.call("/servicer/api/chat/dialogs", {})).toMatchObject({ code: -1, message: "您尚未登录，请先进行登录" });
  });
});

describe("app/upstream/chat.server.ts", () => {
  test("bind offline is no failure; say, history 4 a page, read, keywords, online state, bye", async () => {
    const { token } = await memberToken();
    const ctx = ctxFor(token);
    await shop.testApi("/__test/chat/servicer", { online: false });
    const socket = await openSocket(wsUrl());
    const clientId = (JSON.parse(await socket.next()) as Frame).data.client_id as string;
    expect(await bindChat(ctx, clientId)).toEqual({ online: false, servicerId: 0 });
    expect(await servicersOnline(ctx)).toBe(false);
    await shop.testApi("/__test/chat/servicer", { online: true });
    expect(await servicersOnline(ctx)).toBe(true);
    for (const text of ["一", "二", "三", "四", "五"]) await sayChat(ctx, 0, { kind: "text", text });
    await sayChat(ctx, 0, { kind: "goods", skuId: 2 });
    const first = await listChat(ctx, 1);
    expect(first.pageCount).toBe(2);
    expect(first.messages.map((message) => message.text || message.kind)).toEqual(["三", "四", "五", "goods"]);
    expect(first.messages[3]?.goods).toMatchObject({ skuId: 2, price: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(first.messages[0]).toMatchObject({ mine: true, kind: "text", day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await listChat(ctx, 2)).messages.map((message) => message.text)).toEqual(["一", "二"]);
    await markChatRead(ctx);
    expect(await chatKeywords(ctx)).toContain("退换货");
    await byeChat(ctx, 1);
    expect((await socket.closed).code).toBe(1000);
  });
});

describe("the BFF's socket relay", () => {
  let server: Server;
  let base: string;
  let relay: ReturnType<typeof createChatRelay>;

  beforeAll(async () => {
    relay = createChatRelay({ trustProxy: 0 });
    server = createServer((_req, res) => res.end("ok"));
    server.on("upgrade", (req, socket, head) => {
      if (!relay.handleUpgrade(req, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    relay.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function sessionCookie(token: string): Promise<string> {
    const setCookie = await commitToken(new Request("http://bff.invalid/"), {}, token, { newSignIn: true });
    return setCookie.split(";")[0] as string;
  }
  const sameOrigin = () => ({ Origin: `http://${base}` });

  test("refuses a socket without a member session, from another site, or without an Origin", async () => {
    const { token } = await memberToken();
    const cookie = await sessionCookie(token);
    await expect(openSocket(`ws://${base}/chat/socket`, sameOrigin()).then((s) => s.opened)).rejects.toThrow("HTTP 401");
    await expect(openSocket(`ws://${base}/chat/socket`, { Origin: "https://evil.example", Cookie: cookie }).then((s) => s.opened)).rejects.toThrow("HTTP 403");
    await expect(openSocket(`ws://${base}/chat/socket`, { Cookie: cookie }).then((s) => s.opened)).rejects.toThrow("HTTP 403");
    await expect(openSocket(`ws://${base}/chat/socket`, { ...sameOrigin(), Cookie: "__session=forged" }).then((s) => s.opened)).rejects.toThrow("HTTP 401");
  });

  test("binds, relays servicer replies as message frames without the token, keeps one upstream socket, closes both ways", async () => {
    const { token, memberId } = await memberToken();
    await shop.testApi("/__test/chat/servicer", { online: true });
    const browser = await openSocket(`ws://${base}/chat/socket`, { ...sameOrigin(), Cookie: await sessionCookie(token) });
    await browser.opened;
    expect(JSON.parse(await browser.next((text) => text.includes('"state"')))).toEqual({ type: "state", online: true, servicerId: 1 } satisfies RelayFrame);
    browser.ws.send("ping");
    await shop.testApi("/__test/chat/reply", { member_id: memberId, message: "您好，请问需要什么帮助？" });
    const message = JSON.parse(await browser.next((text) => text.includes('"message"'))) as Extract<RelayFrame, { type: "message" }>;
    expect(message.message).toMatchObject({ kind: "text", mine: false, text: "您好，请问需要什么帮助？" });
    await shop.testApi("/__test/chat/reply", { member_id: memberId, content_type: 1, goods_sku_id: 3 });
    const card = JSON.parse(await browser.next((text) => text.includes('"goods"'))) as Extract<RelayFrame, { type: "message" }>;
    expect(card.message.goods).toMatchObject({ skuId: 3 });
    // Nothing the browser got carries the token or the upstream's client id.
    for (const text of browser.frames.concat(JSON.stringify(message), JSON.stringify(card))) {
      expect(text).not.toContain(token);
      expect(text).not.toContain("client_id");
    }
    const upstream = (await shop.testApi(`/__test/chat/messages?member_id=${memberId}`)).body as { sockets: number };
    expect(upstream.sockets).toBe(1);
    browser.ws.close();
    await browser.closed;
    await expect.poll(async () => ((await shop.testApi(`/__test/chat/messages?member_id=${memberId}`)).body as { sockets: number }).sockets).toBe(0);
  });

  test("an upstream drop closes the browser socket with 'upstream gone'; an oversized frame closes it with 1009", async () => {
    const { token } = await memberToken();
    const cookie = await sessionCookie(token);
    const first = await openSocket(`ws://${base}/chat/socket`, { ...sameOrigin(), Cookie: cookie });
    await first.next();
    await shop.testApi("/__test/chat/drop-sockets", {});
    expect((await first.closed).code).toBe(CLOSE.upstreamGone);

    const second = await openSocket(`ws://${base}/chat/socket`, { ...sameOrigin(), Cookie: cookie });
    await second.next();
    second.ws.send("x".repeat(MAX_BROWSER_FRAME_BYTES + 1));
    expect((await second.closed).code).toBe(1009); // "message too big"
    await expect.poll(() => relay.size()).toBe(0);
  });
});

/** A relay with `limits` behind a plain HTTP server on a free port, as server.ts mounts it. */
async function startRelay(limits: ChatLimits) {
  // One proxy hop believed: each test's client address comes from X-Forwarded-For.
  const relay = createChatRelay({ trustProxy: 1, limits });
  const server = createServer((_req, res) => res.end("ok"));
  server.on("upgrade", (req, socket, head) => {
    if (!relay.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookieOf = async (token: string) => (await commitToken(new Request("http://bff.invalid/"), {}, token, { newSignIn: true })).split(";")[0] as string;
  return {
    relay,
    /** A socket of `token` from client address `address`, once the relay said its state (or closed it). */
    async connect(token: string, address: string) {
      const socket = await openSocket(`ws://${base}/chat/socket`, { Origin: `http://${base}`, Cookie: await cookieOf(token), "X-Forwarded-For": address });
      await socket.opened;
      await Promise.race([socket.next((text) => text.includes('"state"')), socket.closed]);
      return socket;
    },
    async close() {
      relay.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The relay of a describe block: started before its tests, closed after them. */
function relayFor(limits: ChatLimits) {
  const chat = {} as Awaited<ReturnType<typeof startRelay>>;
  beforeAll(async () => {
    Object.assign(chat, await startRelay(limits));
  });
  afterAll(() => chat.close());
  return chat;
}

const isOpen = (socket: { ws: WebSocket }) => socket.ws.readyState === WebSocket.OPEN;

describe('the relay\'s limits (docs/security.md "Chat socket limits")', () => {
  // The counts are tested without the idle time-out in play: on a loaded machine the sign-ins between
  // two sockets can take longer than a short time-out, and a socket closed as idle would free its place.
  const limits: ChatLimits = { socketsPerMember: 2, socketsPerClient: 3, socketsTotal: 4, messagesPerSecond: 3, maxFrameBytes: 256, idleTimeoutMs: 60_000 };
  const chat = relayFor(limits);

  test("sockets per member: one more is closed with 4429 and its reason, a new sign-in of the member counts too; a closed one frees its place", async () => {
    const created = (await shop.testApi("/__test/member", {})).body as { username: string; password: string };
    const member = { token: await shop.login(created.username, created.password) };
    const first = await chat.connect(member.token, "10.1.0.1");
    const second = await chat.connect(member.token, "10.1.0.2");
    expect([isOpen(first), isOpen(second)]).toEqual([true, true]);
    const signedInAgain = await shop.login(created.username, created.password);
    expect(signedInAgain).not.toBe(member.token);
    const third = await chat.connect(signedInAgain, "10.1.0.3");
    expect(await third.closed).toEqual({ code: CLOSE.tooManySockets, reason: "too many sockets" });
    first.ws.close();
    await first.closed;
    await expect.poll(() => chat.relay.size()).toBe(1);
    const fourth = await chat.connect(member.token, "10.1.0.4");
    expect(isOpen(fourth)).toBe(true);
    second.ws.close();
    fourth.ws.close();
    await Promise.all([second.closed, fourth.closed]);
  });

  test("sockets per client address and in all: 4429 past the address's share, 1013 when the process holds its maximum", async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => memberToken()));
    const office = await Promise.all(members.slice(0, 3).map((member) => chat.connect(member.token, "10.2.0.1")));
    expect(office.every(isOpen)).toBe(true);
    const fourthInOffice = await chat.connect(members[3]!.token, "10.2.0.1");
    expect((await fourthInOffice.closed).code).toBe(CLOSE.tooManySockets);
    const elsewhere = await chat.connect(members[3]!.token, "10.2.0.2");
    expect(isOpen(elsewhere)).toBe(true);
    const overTotal = await chat.connect(members[4]!.token, "10.2.0.3");
    expect(await overTotal.closed).toEqual({ code: CLOSE.busy, reason: "server busy" });
    for (const socket of [...office, elsewhere]) socket.ws.close();
    await expect.poll(() => chat.relay.size()).toBe(0);
    const afterwards = await chat.connect(members[4]!.token, "10.2.0.3");
    expect(isOpen(afterwards)).toBe(true);
    afterwards.ws.close();
    await afterwards.closed;
  });
});

describe("the relay's time-outs and frame limits", () => {
  // A time-out well above the pings' spacing: a beat delayed by a loaded machine still comes in time.
  const limits: ChatLimits = { socketsPerMember: 2, socketsPerClient: 3, socketsTotal: 4, messagesPerSecond: 3, maxFrameBytes: 256, idleTimeoutMs: 1500 };
  const chat = relayFor(limits);

  test("a flood of frames is closed with 4420; a frame over the size limit with 1009; a silent socket with 4408", async () => {
    const member = await memberToken();
    const flooding = await chat.connect(member.token, "10.3.0.1");
    for (let frame = 0; frame < 50; frame++) flooding.ws.send("ping");
    expect(await flooding.closed).toEqual({ code: CLOSE.tooManyMessages, reason: "too many messages" });

    const large = await chat.connect(member.token, "10.3.0.2");
    large.ws.send("x".repeat(limits.maxFrameBytes + 1));
    expect((await large.closed).code).toBe(CLOSE.frameTooLarge);

    const silent = await chat.connect(member.token, "10.3.0.3");
    const started = Date.now();
    expect(await silent.closed).toEqual({ code: CLOSE.idle, reason: "idle" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.idleTimeoutMs - 300);
    await expect.poll(() => chat.relay.size()).toBe(0);
  });

  test("pings within the rate keep a socket open past the idle time-out", async () => {
    const member = await memberToken();
    const talking = await chat.connect(member.token, "10.4.0.1");
    // Time passing is what is tested here: beats 400 ms apart (within 3 a second), past twice the time-out.
    const gapMs = 400;
    for (let beat = 0; beat * gapMs <= 2 * limits.idleTimeoutMs; beat++) {
      talking.ws.send("ping");
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    expect(isOpen(talking)).toBe(true);
    talking.ws.close();
    await talking.closed;
  });
});
