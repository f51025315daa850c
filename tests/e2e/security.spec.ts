import { expect, test } from "./fixtures";
import { DEMO, logIn, testApi, waitForHydration, withJs } from "./support";

test("the upstream token never reaches the HTML, the scripts or document.cookie", async ({ page, context }) => {
  test.slow(); // every response of five pages is fetched through the route handler, and with JS each page is scanned by axe
  // Capture every response body the browser gets while a member uses the site. Bodies are read in
  // a route handler, before the browser has them: a page that moves on may drop its own copy.
  const reads: Array<Promise<{ path: string; body: string }>> = [];
  await page.route(
    () => true,
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const body = await response.text();
      const type = response.headers()["content-type"] ?? "";
      if (/html|javascript|json|text|turbo-stream/.test(type)) reads.push(Promise.resolve({ path: new URL(route.request().url()).pathname, body }));
      await route.fulfill({ response, body });
    },
  );
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  // Opened again directly: a redirect's target is not routed (Playwright calls the handler for the first URL only).
  for (const path of ["/member/index", "/index", "/cart", "/switch-account"]) await page.goto(path);
  if (withJs()) {
    // A client-side navigation: its data comes as a single-fetch `.data` response.
    await waitForHydration(page);
    await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname === "/cart.data"), page.locator('a[href="/cart"]').first().click()]);
    await expect(page).toHaveURL(/\/cart$/);
  }

  const captured = (await Promise.all(reads)).filter((read) => read.body.length > 0);
  // The checks below mean something only if the member's pages were really captured.
  const paths = captured.map((read) => read.path);
  for (const path of ["/member/index", "/index", "/cart", "/switch-account"])
    expect(
      paths.filter((captured) => captured === path || captured === `${path}.data`),
      `captured ${path}`,
    ).not.toEqual([]);
  if (withJs()) {
    expect(paths.filter((path) => path.endsWith(".data")).length).toBeGreaterThan(0);
    expect(paths.some((path) => path.endsWith(".js"))).toBe(true);
  }
  expect(captured.filter((read) => read.body.includes(member.username)).length, "pages rendered for the member").toBeGreaterThan(0);

  // The member's real upstream tokens, read from the reference shop API.
  const { tokens } = await testApi.get<{ tokens: string[] }>(`/__test/tokens?username=${member.username}`);
  expect(tokens.length).toBeGreaterThan(0);
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "__session");
  expect(session?.httpOnly).toBe(true);
  for (const token of tokens) {
    for (const cookie of cookies) expect(decodeURIComponent(cookie.value), cookie.name).not.toContain(token); // sealed inside the cookie
    for (const read of captured) expect(read.body, read.path).not.toContain(token);
  }
  if (withJs()) {
    const documentCookie = await page.evaluate(() => document.cookie);
    expect(documentCookie).not.toContain("__session");
    const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
    expect(storage).toContain('"local"'); // it was read
    for (const token of tokens) {
      expect(storage).not.toContain(token);
      expect(documentCookie).not.toContain(token);
    }
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

// A visitor's catalogue pages carry a hash-based CSP instead, and are public: shared-cache.spec.ts.
test("pages send security headers and a nonce-based CSP", async ({ request }) => {
  const response = await request.get("/login");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY"); // agrees with frame-ancestors 'none'
  expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(headers["cache-control"]).toBe("private, no-store"); // it read the session
  expect(headers["vary"]).toMatch(/\bCookie\b/);
  const health = await request.get("/healthz");
  expect(await health.text()).toBe("ok");
});
