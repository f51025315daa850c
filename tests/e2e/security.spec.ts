import { expect, test } from "@playwright/test";
import { DEMO, logIn, withJs } from "./support";

test("the upstream token never reaches the HTML, the scripts or document.cookie", async ({ page, context }) => {
  // Capture every response body the browser gets while a member uses the site.
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/html|javascript|json|text/.test(type)) bodies.push(await response.text().catch(() => ""));
  });
  await logIn(page);
  await expect(page).toHaveURL(/\/member\/index$/);
  await page.goto("/index");
  await page.goto("/switch-account");

  // The token the upstream issued for this member (a second login gives another one, of the same form).
  const tokens = await page.request.post("http://127.0.0.1:4100/api/login/login", {
    data: { app_type: "pc", app_type_name: "PC", username: DEMO.username, password: DEMO.password },
  });
  const upstreamToken: string = (await tokens.json()).data.token;
  expect(upstreamToken.length).toBeGreaterThan(16);

  const session = (await context.cookies()).find((cookie) => cookie.name === "__session");
  expect(session?.httpOnly).toBe(true);
  // Sealed: no piece of a token shape (the upstream's token alphabet and length) is readable in the cookie.
  expect(decodeURIComponent(session!.value)).not.toContain(upstreamToken.slice(0, 12));
  for (const body of bodies) {
    expect(body).not.toContain(upstreamToken.slice(0, 12));
    expect(body).not.toMatch(/"token"\s*:/);
  }
  if (withJs()) {
    const documentCookie = await page.evaluate(() => document.cookie);
    expect(documentCookie).not.toContain("__session");
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toMatch(/token/i);
  }
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
});

test("pages send security headers and a nonce-based CSP", async ({ request }) => {
  const response = await request.get("/index");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBeDefined();
  expect(headers["cache-control"]).toBe("private, no-cache");
  const health = await request.get("/healthz");
  expect(await health.text()).toBe("ok");
});
