import type { Page, WebSocket } from "@playwright/test";
import { WebSocket as NodeSocket } from "ws";
import { expect, test } from "./fixtures";
import { gotoSettled, logIn, testApi, waitForHydration, withJs } from "./support";

// Customer-service chat (docs/chat.md): the /chat page with JS on and off, the island with JS.
// Every test uses a fresh member; the servicer is switched online through the test API.

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082",
  "hex",
);

async function freshMember(page: Page) {
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

async function servicerReplies(memberId: number, fields: Record<string, unknown>) {
  await testApi.post("/__test/chat/reply", { member_id: memberId, ...fields });
}

test.beforeEach(async () => {
  await testApi.post("/__test/chat/servicer", { online: true });
});

test("a visitor is told to log in first", async ({ page }) => {
  await page.goto("/chat");
  await expect(page.getByRole("alert")).toHaveText("您还未登录");
  await page.getByRole("link", { name: "登录后咨询" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fchat$/);
});

test.describe("the /chat page", () => {
  test("round trip: send text, refresh for the reply, limits, a goods card from ?goods=, history 4 a page", async ({ page }) => {
    test.slow(); // many round trips, and with JS the live window opened and closed on the way
    const member = await freshMember(page);
    await gotoSettled(page, "/chat");
    await expect(page).toHaveTitle(/^客服咨询 - /);
    // The card has inner padding (issue 29: its text touched the border).
    await expect(page.locator(".chat-page")).not.toHaveCSS("padding-left", "0px");
    await expect(page.getByText("客服在线")).toBeVisible();
    await expect(page.getByText("还没有消息，有问题请直接留言。")).toBeVisible();

    const box = page.getByRole("textbox", { name: "输入消息" });
    const send = page.getByRole("button", { name: "发送", exact: true }).first();
    await box.fill("请问阿莫西林有货吗？[emjoy_01]");
    await send.click();
    const history = page.getByRole("list", { name: "聊天记录" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem").first()).toContainText("请问阿莫西林有货吗？");
    await expect(history.getByRole("img", { name: "微笑" })).toBeVisible();

    await servicerReplies(member.member_id, { message: "有货，今天下单明天发。" });
    if (withJs()) {
      // With JS the page neither explains its no-JS updates nor offers "刷新": the live window shows replies (issue 29).
      await expect(page.getByText(/此页面无需 JavaScript/)).toHaveCount(0);
      await expect(page.getByRole("link", { name: "刷新" })).toHaveCount(0);
      await page.getByRole("button", { name: /打开实时对话窗口/ }).click();
      const dialog = page.getByRole("dialog", { name: "客服咨询" });
      await expect(dialog.getByText("有货，今天下单明天发。")).toBeVisible();
      await dialog.getByRole("button", { name: "关闭" }).click();
      await expect(dialog).toHaveCount(0);
      await page.reload();
      await waitForHydration(page);
    } else {
      await expect(page.getByText(/此页面无需 JavaScript/)).toBeVisible();
      await page.getByRole("link", { name: "刷新" }).click();
    }
    await expect(history.getByText("有货，今天下单明天发。")).toBeVisible();

    await box.fill("   ");
    await send.click();
    await expect(page.getByRole("alert")).toHaveText("不能发送空白内容");
    await page.getByRole("textbox", { name: "输入消息" }).fill("药".repeat(151));
    await page.getByRole("button", { name: "发送", exact: true }).first().click();
    await expect(page.getByRole("alert")).toHaveText("单次最多发送150个字符");

    await page.goto("/chat?goods=1");
    await page.getByRole("button", { name: "发送商品卡片" }).click();
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(history.getByRole("link", { name: /商品/ })).toHaveAttribute("href", "/sku-1");

    // Keyword chip: the shop answers by itself.
    await page.getByRole("button", { name: "发票" }).click();
    await expect(history.getByText(/增值税专用发票在签收后/)).toBeVisible();
    await expect(history.getByRole("listitem")).toHaveCount(4);

    // Five and more messages: the newest 4 here, the rest a page earlier.
    await page.getByRole("link", { name: "加载更早的消息" }).click();
    await expect(page).toHaveURL(/\/chat\?page=2$/);
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem").first()).toContainText("请问阿莫西林有货吗？");
    await page.getByRole("link", { name: "较新的消息" }).click();
    await expect(page).toHaveURL(/\/chat$/);
  });

  test("an image is sent through the BFF; a file that is not an image is refused", async ({ page }) => {
    await freshMember(page);
    await gotoSettled(page, "/chat");
    const picker = page.getByLabel("发送图片");
    await picker.setInputFiles({ name: "note.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await page.getByRole("button", { name: "发送", exact: true }).last().click();
    await expect(page.getByRole("alert")).toHaveText("请选择图片文件（PNG、JPEG、GIF 或 WebP）");
    await page.getByLabel("发送图片").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "发送", exact: true }).last().click();
    const sent = page.getByRole("list", { name: "聊天记录" }).getByRole("img", { name: "聊天图片" });
    await expect(sent).toBeVisible();
    // A chat image is the member's private upload (ADR 053): a link for this member, served privately.
    const src = (await sent.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/media\/own\/\d+\.[\w-]{43}\/upload\//);
    const image = await page.request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()["cache-control"]).toBe("private, no-store");
    expect((await image.body()).equals(PNG)).toBe(true);
  });
});

test.describe("the chat island", () => {
  test.skip(() => !withJs(), "the island needs JavaScript (the /chat page is the same chat without it)");

  /** The frames the page's chat socket received and sent. */
  function watchSocket(page: Page) {
    const frames: string[] = [];
    const sockets: WebSocket[] = [];
    page.on("websocket", (socket) => {
      if (!socket.url().endsWith("/chat/socket")) return;
      sockets.push(socket);
      socket.on("framereceived", (frame) => frames.push(String(frame.payload)));
      socket.on("framesent", (frame) => frames.push(String(frame.payload)));
    });
    return { frames, sockets };
  }

  test("opened from a goods page: text, emoji, goods card, image, live replies; the token never reaches the browser", async ({ page }) => {
    const member = await freshMember(page);
    const watch = watchSocket(page);
    await gotoSettled(page, "/sku-1");
    await page.getByRole("complementary").getByRole("link", { name: "在线客服" }).click();
    const dialog = page.getByRole("dialog", { name: "客服咨询" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("status")).toHaveText("客服在线");
    await expect(page).toHaveURL(/\/sku-1$/); // a dialog over the page, not a navigation

    const box = dialog.getByRole("textbox", { name: "输入消息" });
    await box.fill("你好");
    await dialog.getByRole("button", { name: "表情" }).click();
    await dialog.getByRole("button", { name: "大笑" }).click();
    await expect(box).toHaveValue("你好[emjoy_02]");
    await box.press("Enter");
    const history = dialog.getByRole("list", { name: "聊天记录" });
    await expect(history.getByRole("img", { name: "大笑" })).toBeVisible();
    await expect(box).toHaveValue("");

    await dialog.getByRole("button", { name: "发送商品卡片" }).click();
    await expect(history.getByRole("link", { name: /商品/ })).toHaveAttribute("href", "/sku-1");
    await dialog.getByLabel("发送图片").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
    await expect(history.getByRole("img", { name: "聊天图片" })).toBeVisible();

    // The servicer answers: the reply appears without a reload.
    await servicerReplies(member.member_id, { message: "您好，这款目前有现货。" });
    await expect(history.getByText("您好，这款目前有现货。")).toBeVisible();
    await servicerReplies(member.member_id, { content_type: 1, goods_sku_id: 2 });
    await expect(history.getByRole("link", { name: /商品/ })).toHaveCount(2);

    // Limits and messages of spec §8.
    await box.fill("药".repeat(151));
    await box.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("单次最多发送150个字符");
    await box.fill("  ");
    await box.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("不能发送空白内容");

    // Keep-alive: a ping 1 500 ms after the last frame received (the replies above restart it).
    await expect.poll(() => watch.frames.includes("ping"), { timeout: 5_000 }).toBe(true);
    const { tokens } = await testApi.get<{ tokens: string[] }>(`/__test/tokens?member_id=${member.member_id}`);
    expect(tokens.length).toBeGreaterThan(0);
    expect(watch.frames.length).toBeGreaterThan(2);
    for (const frame of watch.frames) {
      for (const token of tokens) expect(frame).not.toContain(token);
      expect(frame).not.toContain("client_id");
    }
    // Nor can page scripts read it: the session cookie is HttpOnly.
    expect(await page.evaluate(() => document.cookie)).not.toContain("__session");

    // Closing says goodbye: the upstream socket closes.
    await dialog.getByRole("button", { name: "关闭" }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await testApi.get<{ sockets: number }>(`/__test/chat/messages?member_id=${member.member_id}`)).sockets).toBe(0);
  });

  test("history loads earlier pages of 4", async ({ page }) => {
    const member = await freshMember(page);
    for (let index = 1; index <= 6; index++) await servicerReplies(member.member_id, { message: `第${index}条` });
    await gotoSettled(page, "/brand");
    await page.getByRole("complementary").getByRole("link", { name: "在线客服" }).click();
    const dialog = page.getByRole("dialog", { name: "客服咨询" });
    const items = dialog.getByRole("list", { name: "聊天记录" }).getByRole("listitem");
    await expect(items).toHaveCount(4);
    await expect(items.first()).toContainText("第3条");
    await dialog.getByRole("button", { name: "加载更早的消息" }).click();
    await expect(items).toHaveCount(6);
    await expect(items.first()).toContainText("第1条");
    await expect(dialog.getByRole("button", { name: "加载更早的消息" })).toHaveCount(0);
  });

  test("the chat open in too many windows: the island says so instead of relaying another socket (issue 30)", async ({ page }) => {
    const member = await freshMember(page);
    const origin = new URL(page.url()).origin;
    const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    // The member's other windows: as many sockets as one member may hold (CHAT_SOCKETS_PER_MEMBER's default).
    const others = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<NodeSocket>((resolve, reject) => {
            const socket = new NodeSocket(`${origin.replace(/^http/, "ws")}/chat/socket`, { headers: { Origin: origin, Cookie: cookie } });
            socket.once("message", () => resolve(socket)); // the relay's state frame: held
            socket.once("close", (code) => reject(new Error(`closed ${code}`)));
          }),
      ),
    );
    try {
      await gotoSettled(page, "/brand");
      await page.getByRole("complementary").getByRole("link", { name: "在线客服" }).click();
      const dialog = page.getByRole("dialog", { name: "客服咨询" });
      await expect(dialog.getByRole("status")).toHaveText("您打开的客服窗口过多，请关闭部分窗口或标签页后再在此打开。");
      expect((await testApi.get<{ sockets: number }>(`/__test/chat/messages?member_id=${member.member_id}`)).sockets).toBe(5);
    } finally {
      for (const socket of others) socket.close();
    }
  });

  test("reconnects after the upstream chat socket restarts, and replies arrive again", async ({ page }) => {
    const member = await freshMember(page);
    await gotoSettled(page, "/brand");
    await page.getByRole("complementary").getByRole("link", { name: "在线客服" }).click();
    const dialog = page.getByRole("dialog", { name: "客服咨询" });
    await expect(dialog.getByRole("status")).toHaveText("客服在线");
    await expect.poll(async () => (await testApi.get<{ sockets: number }>(`/__test/chat/messages?member_id=${member.member_id}`)).sockets).toBe(1);

    // This member's sockets only: the other journeys running beside this one keep theirs.
    await testApi.post("/__test/chat/drop-sockets", { member_id: member.member_id });
    await expect(dialog.getByRole("status")).toHaveText(/连接已断开|客服在线/);
    await expect(dialog.getByRole("status")).toHaveText("客服在线", { timeout: 15_000 });
    await expect.poll(async () => (await testApi.get<{ sockets: number }>(`/__test/chat/messages?member_id=${member.member_id}`)).sockets).toBe(1);
    await servicerReplies(member.member_id, { message: "重新连上了" });
    await expect(dialog.getByText("重新连上了")).toBeVisible();
  });
});
