import { expect, test } from "@playwright/test";
import { DEMO, logIn, testApi, withJs } from "./support";

test("the upstream token never reaches the HTML, the scripts or document.cookie", async ({ page, context }) => {
  // Capture every response body the browser gets while a member uses the site.
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/html|javascript|json|text/.test(type)) bodies.push(await response.text().catch(() => ""));
  });
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await page.goto("/index");
  await page.goto("/cart");
  await page.goto("/switch-account");

  // The member's real upstream tokens, read from the reference shop API.
  const { tokens } = await testApi.get<{ tokens: string[] }>(`/__test/tokens?username=${member.username}`);
  expect(tokens.length).toBeGreaterThan(0);
  const session = (await context.cookies()).find((cookie) => cookie.name === "__session");
  expect(session?.httpOnly).toBe(true);
  for (const token of tokens) {
    expect(decodeURIComponent(session!.value)).not.toContain(token); // sealed inside the cookie
    for (const body of bodies) expect(body).not.toContain(token);
  }
  if (withJs()) {
    const documentCookie = await page.evaluate(() => document.cookie);
    expect(documentCookie).not.toContain("__session");
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    for (const token of tokens) expect(storage).not.toContain(token);
  }
});

test("a token the upstream rejects is dropped: 'login error', and member pages ask to log in again", async ({ page }) => {
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await testApi.post("/__test/expire-tokens", { username: member.username });
  await page.goto("/member/index");
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent("/member/index")}`);
  await expect(page.getByText("登录错误，请重新登录")).toBeVisible();
  // The token is gone from the session: pages render for a visitor.
  await page.goto("/index");
  await expect(page.getByRole("link", { name: "请登录" })).toBeVisible();
});

const OPEN_REDIRECT_PAYLOADS = [
  "https://evil.example/",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "javascript:alert(1)",
  "http:evil.example",
  " //evil.example",
  "/%09/evil.example",
  "%2F%2Fevil.example",
  "data:text/html,hi",
];

for (const payload of OPEN_REDIRECT_PAYLOADS) {
  test(`login with redirect=${JSON.stringify(payload)} stays on this site`, async ({ page, baseURL }) => {
    await logIn(page, DEMO.username, DEMO.password, payload);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });
}

test("cross-site form posts are refused with 403", async ({ request }) => {
  const response = await request.post("/login", {
    form: { intent: "password-login", username: DEMO.username, password: DEMO.password },
    headers: { Origin: "https://evil.example" },
  });
  expect(response.status()).toBe(403);
  const sameSite = await request.post("/set-lang", { form: { lng: "xx" }, headers: { Origin: new URL(test.info().project.use.baseURL!).origin } });
  expect(sameSite.status()).toBe(400);
  expect(await sameSite.text()).toContain("请求有误");
});

test("pages send security headers and a nonce-based CSP", async ({ request }) => {
  const response = await request.get("/index");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY"); // agrees with frame-ancestors 'none'
  expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(headers["cache-control"]).toBe("private, no-store"); // every page shows the visitor's or member's state
  expect(headers["vary"]).toMatch(/\bCookie\b/);
  const health = await request.get("/healthz");
  expect(await health.text()).toBe("ok");
});
