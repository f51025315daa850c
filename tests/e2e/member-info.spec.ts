import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { BFF_URL } from "./ports";
import { gotoSettled, logIn, testApi } from "./support";

// /member/info (docs/member-centre.md): profile fields and the avatar upload, scaled on the server.

async function freshMember(page: import("@playwright/test").Page) {
  const member = await testApi.createMember({ nickname: "资料药房" });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await gotoSettled(page, "/member/info");
  return member;
}

test("profile: a bad birthday is refused keeping what was typed; then nickname, real name, sex and birthday are saved", async ({ page }) => {
  await freshMember(page);
  await expect(page.getByRole("heading", { level: 1, name: "个人信息" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "个人信息" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("textbox", { name: "昵称" }).fill("康源大药房");
  await page.getByRole("textbox", { name: "生日" }).fill("2999-02-30");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请输入正确的生日（YYYY-MM-DD，不晚于今天）")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "昵称" })).toHaveValue("康源大药房");

  await page.getByRole("textbox", { name: "真实姓名" }).fill("王五");
  await page.getByRole("radio", { name: "女" }).check();
  await page.getByRole("textbox", { name: "生日" }).fill("1990-05-01");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("个人信息已保存")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "昵称" })).toHaveValue("康源大药房");
  await expect(page.getByRole("textbox", { name: "真实姓名" })).toHaveValue("王五");
  await expect(page.getByRole("radio", { name: "女" })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "生日" })).toHaveValue("1990-05-01");
});

test("avatar: refused when not an image or too large; an image is stored as a 256×256 square and shown", async ({ page }) => {
  await freshMember(page);
  const file = page.getByLabel("头像", { exact: true });
  const upload = () => page.getByRole("button", { name: "上传头像" }).click();

  await file.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await upload();
  await expect(page.getByText("请上传 PNG、JPEG、GIF 或 WebP 图片")).toBeVisible();

  // Above the form's 900 KB, under the BFF's 1 MiB body limit: the page's own message.
  const big = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#336699" } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  await file.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big.subarray(0, 950 * 1024) });
  await upload();
  await expect(page.getByText("头像图片不能超过 900 KB")).toBeVisible();

  const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#cc3333" } })
    .jpeg()
    .toBuffer();
  await file.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
  await upload();
  await expect(page.getByText("头像已更新")).toBeVisible();
  const avatar = page.getByRole("img", { name: "头像" }).first();
  const src = await avatar.getAttribute("src");
  expect(src).toMatch(/^\/media\/upload\/headimg\/.+\.jpg$/);
  const served = await page.request.get(`${BFF_URL}${src}`);
  // The upstream names every upload anew: browsers and shared caches keep it for good (ADR 065).
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const meta = await sharp(await served.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 256, 256]);
  // The member home shows it too.
  await gotoSettled(page, "/member/index");
  await expect(page.getByRole("img", { name: "头像" })).toHaveAttribute("src", src!);
});

test("a 10 MB upload is refused by the BFF's body limit with a 413", async ({ page }) => {
  await freshMember(page);
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const answer = await page.request.post(`${BFF_URL}/member/info`, {
    multipart: { intent: "avatar", avatar: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024, 0xff) } },
    headers: { Cookie: cookies, Origin: BFF_URL },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(413);
  expect(await answer.text()).toContain("请求内容过大");
});

/**
 * A post through node:http as scripts and simple clients send it ("Connection: close"), its body in
 * two parts 300 ms apart: the status that came back, and whether it came before the second part.
 */
async function postInTwoParts(path: string, body: string): Promise<{ status: number | null; answeredMidBody: boolean }> {
  const url = new URL(path, BFF_URL);
  const headers = { Origin: BFF_URL, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) };
  const outgoing = httpRequest({ host: url.hostname, port: url.port, method: "POST", path: url.pathname, headers, agent: false });
  let status: number | null = null;
  outgoing.on("response", (incoming) => {
    status = incoming.statusCode ?? null;
    incoming.resume();
  });
  outgoing.on("error", () => {}); // a reset after the answer: what is checked is when the answer came
  const closed = new Promise((resolve) => outgoing.on("close", resolve));
  const half = Math.floor(body.length / 2);
  outgoing.write(body.slice(0, half));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const answeredMidBody = status !== null;
  outgoing.end(body.slice(half));
  await closed;
  return { status, answeredMidBody };
}

test("a refused body is read before the 413 leaves, so a client still sending is not reset", async () => {
  // Answered at once, a "Connection: close" client's connection is closed while it still sends,
  // and it may see a reset instead of the answer (the resilience probe did, on a slow machine).
  const outcome = await postInTwoParts("/switch-account", `intent=x&pad=${"a".repeat(3 * 1024 * 1024)}`);
  expect(outcome).toEqual({ status: 413, answeredMidBody: false });
});
