import { afterAll, beforeAll, expect, test } from "vitest";
import { blockedFor, CAPTCHA_AFTER_FAILURES, count, forget, LIMITS, needsCaptcha, tooManyAttempts, used, type Subject } from "~/auth/attempts.server";
import { pointBffAt } from "../support/bff-environment";

let restoreEnv: () => void;
beforeAll(() => {
  restoreEnv = pointBffAt("http://127.0.0.1:9", { CLIENT_LIMIT_FACTOR: "2" });
});
afterAll(() => restoreEnv());

test("an account's wrong passwords are allowed up to the limit, then refused with the time left", async () => {
  const account: Subject = ["passwordPerAccount", "Account-A"];
  for (let attempt = 0; attempt < LIMITS.passwordPerAccount.points - 1; attempt += 1) await count([account]);
  expect(await blockedFor([account])).toBe(0);
  await count([account]);
  const wait = await blockedFor([["passwordPerAccount", " account-a "]]); // names are compared trimmed and lower-cased
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(LIMITS.passwordPerAccount.duration);
  expect(tooManyAttempts(wait)).toBe(`auth:errors.tooManyAttempts|minutes=${Math.ceil(wait / 60)}`);
});

test("one used-up subject blocks the attempt, whichever it is", async () => {
  const mobile: Subject = ["codePerMobile", "13800000001"];
  const client: Subject = ["codePerClient", "10.0.0.1"];
  for (let attempt = 0; attempt < LIMITS.codePerMobile.points; attempt += 1) await count([mobile, client]);
  expect(await blockedFor([mobile, client])).toBeGreaterThan(0);
  expect(await blockedFor([client])).toBe(0); // the client's own limit is larger
});

test("per-client limits and the per-client captcha threshold scale with CLIENT_LIMIT_FACTOR", async () => {
  const client: Subject = ["passwordPerClient", "10.0.0.2"];
  for (let attempt = 0; attempt < LIMITS.passwordPerClient.points; attempt += 1) await count([client]);
  expect(await blockedFor([client])).toBe(0); // factor 2: twice the attempts
  expect(await used(client)).toBe(LIMITS.passwordPerClient.points);

  const fresh: Subject = ["passwordPerClient", "10.0.0.3"];
  for (let attempt = 0; attempt < CAPTCHA_AFTER_FAILURES; attempt += 1) await count([fresh]);
  expect(await needsCaptcha([fresh])).toBe(false);
  for (let attempt = 0; attempt < CAPTCHA_AFTER_FAILURES; attempt += 1) await count([fresh]);
  expect(await needsCaptcha([fresh])).toBe(true);
});

test("an account needs the captcha after three failures, and a successful sign-in forgets them", async () => {
  const account: Subject = ["passwordPerAccount", "account-b"];
  for (let attempt = 0; attempt < CAPTCHA_AFTER_FAILURES - 1; attempt += 1) await count([account]);
  expect(await needsCaptcha([account])).toBe(false);
  await count([account]);
  expect(await needsCaptcha([account])).toBe(true);
  await forget([account]);
  expect(await used(account)).toBe(0);
  expect(await needsCaptcha([account])).toBe(false);
});
