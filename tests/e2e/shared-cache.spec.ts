import { expect, test } from "./fixtures";
import { COMPRESSION_OFF_BFF_PORT, SHOP_API_URL } from "./ports";
import { startSecondBff } from "./second-bff";
import { DEMO, logIn, waitForHydration, withJs } from "./support";

/**
 * ADR 056: a visitor's catalogue page may be kept by a shared cache (nginx, a CDN) and served to
 * other visitors later, so its CSP names the hashes of its own scripts instead of a per-response
 * nonce; anything that read a session stays private.
 */

/** Headers a cache hands on with a stored page (not the transport's). */
const TRANSPORT = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date"]);

test("a visitor's catalogue page is public for shared caches with a hash-based CSP; a member's is private with a nonce", async ({ page, request }) => {
  const visitor = await request.get("/sku-1");
  expect(visitor.status()).toBe(200);
  expect(visitor.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
  expect(visitor.headers()["vary"]).toMatch(/\bCookie\b/);
  expect(visitor.headers()["set-cookie"]).toBeUndefined();
  expect(visitor.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(visitor.headers()["content-security-policy"]).not.toContain("nonce-");

  // Pages that did not opt in (the login form: captcha, attempt limits) stay private, nonce and all.
  const login = await request.get("/login");
  expect(login.headers()["cache-control"]).toBe("private, no-store");
  expect(login.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);

  await logIn(page, DEMO.username, DEMO.password, "/sku-1");
  await expect(page).toHaveURL(/\/sku-1$/);
  const member = await page.request.get("/sku-1");
  expect(member.headers()["cache-control"]).toBe("private, no-store");
  expect(member.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(await member.text()).toContain(DEMO.nickname);
});

test("a stored copy of a visitor's page, served later to another browser, runs its own scripts and no other", async ({ page, request }) => {
  test.skip(!withJs(), "scripts run only with JavaScript on");
  const stored = await request.get("/sku-1");
  const headers = Object.fromEntries(Object.entries(stored.headers()).filter(([name]) => !TRANSPORT.has(name)));
  // What a shared cache would hand out, plus a script slipped into the content: it carries no hash of the CSP.
  const body = (await stored.text()).replace("</body>", "<script>window.__slippedIn = true</script></body>");
  await page.route(
    (url) => url.pathname === "/sku-1",
    (route) => (route.request().isNavigationRequest() ? route.fulfill({ status: 200, headers, body }) : route.continue()),
  );
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });

  await page.goto("/sku-1");
  await waitForHydration(page); // React hydrated: Remix's inline and module scripts all ran
  expect(await page.evaluate(() => (window as { __slippedIn?: boolean }).__slippedIn)).toBeUndefined();
  expect(refused).toHaveLength(1);
  expect(refused[0]).toMatch(/inline script/i);
});

test("COMPRESSION=0 leaves compression to the proxy in front (ADR 057)", async ({ baseURL }) => {
  test.skip(!withJs(), "one second BFF is enough: the js project starts it");
  const gzip = { "Accept-Encoding": "gzip" };
  expect((await fetch(`${baseURL}/login`, { headers: gzip })).headers.get("content-encoding")).toBe("gzip");
  const plain = await startSecondBff({ port: COMPRESSION_OFF_BFF_PORT, upstreamUrl: SHOP_API_URL, env: { COMPRESSION: "0" } });
  try {
    for (const path of ["/login", "/sku-1"]) {
      const response = await fetch(plain.url + path, { headers: gzip });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-encoding"), path).toBeNull();
      expect(await response.text(), path).toContain("</html>");
    }
  } finally {
    await plain.stop();
  }
});
