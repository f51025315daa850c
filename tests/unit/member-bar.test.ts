import { beforeEach, describe, expect, test } from "vitest";
import { mayMutate, REVISION_COOKIE, sessionRevision, startNewRevision } from "~/session/session-revision.server";
import { requestContext } from "~/upstream/context.server";
import { getMemberBar } from "~/upstream/member.server";
import { applyScopeToHeaders, newRequestScope } from "~/utils/request-scope.server";
import { useFakeUpstream } from "../support/bff-environment";
import { envelope } from "../support/fake-upstream";

/**
 * The top bar's member data kept per token and session revision (ADR 035): a post starts a new
 * revision, in its answer's cookie and for its own loaders; a page of the same revision reads
 * nothing upstream again, another revision or another token always does.
 */

let cartCount = 3;
const fake = useFakeUpstream();

beforeEach(() => {
  fake.upstream.reset();
  cartCount = 3;
  fake.upstream.on("/api/member/info", { body: envelope(0, "操作成功", { member_id: 1, username: "demo", nickname: "演示会员" }) });
  fake.upstream.on("/api/cart/count", () => ({ body: envelope(0, "操作成功", cartCount) }));
});

let tokens = 0;
const newToken = () => `token-${++tokens}-${Date.now()}`;
const page = (cookie = "") => new Request("http://shop.test/index", { headers: cookie ? { Cookie: cookie } : {} });
const calls = () => fake.upstream.requests.filter((request) => request.path === "/api/cart/count").length;
const barOf = (token: string | null, revision: string) => getMemberBar(requestContext(page(), {}, token, "optional"), revision);

/** The `name=value` of the revision cookie a mutating request's answer sets, and the revision itself. */
async function postedRevision(): Promise<{ cookie: string; revision: string }> {
  const scope = newRequestScope("127.0.0.1");
  await startNewRevision(scope);
  const headers = new Map<string, string | string[]>();
  applyScopeToHeaders(scope, { getHeader: (name) => headers.get(name.toLowerCase()), setHeader: (name, value) => headers.set(name.toLowerCase(), value) });
  const setCookie = [headers.get("set-cookie") ?? []].flat();
  expect(setCookie).toHaveLength(1);
  expect(setCookie[0]).toMatch(new RegExp(`^${REVISION_COOKIE}=[^;]+; Path=/; HttpOnly; SameSite=Lax$`));
  return { cookie: setCookie[0].split(";")[0], revision: scope.revision ?? "" };
}

describe("the member bar", () => {
  test("a visitor has none and costs no upstream call", async () => {
    expect(await barOf(null, "")).toBeNull();
    expect(fake.upstream.requests).toEqual([]);
  });

  test("pages of one revision read the member once; a new revision reads them again", async () => {
    const token = newToken();
    expect(await barOf(token, "rev-aaaaaaaa")).toEqual({ nickname: "演示会员", username: "demo", cartCount: 3 });
    cartCount = 4;
    expect((await barOf(token, "rev-aaaaaaaa"))?.cartCount).toBe(3);
    expect(calls()).toBe(1);
    expect((await barOf(token, "rev-bbbbbbbb"))?.cartCount).toBe(4);
    expect(calls()).toBe(2);
  });

  test("another member's token never finds the entry", async () => {
    await barOf(newToken(), "same-revision");
    cartCount = 9;
    expect((await barOf(newToken(), "same-revision"))?.cartCount).toBe(9);
  });
});

describe("the session revision", () => {
  test("only requests that may change something start one", () => {
    expect(["GET", "HEAD"].map(mayMutate)).toEqual([false, false]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(mayMutate)).toEqual([true, true, true, true]);
  });

  test("a page reads it from the cookie a post set; a forged or missing one reads as none", async () => {
    const { cookie, revision } = await postedRevision();
    expect(revision).toMatch(/^[\w-]{12}$/);
    expect(await sessionRevision(page(`${cookie}; __session=x`), {})).toBe(revision);
    expect(await sessionRevision(page(), {})).toBe("");
    expect(await sessionRevision(page(`${REVISION_COOKIE}=${Buffer.from(JSON.stringify("../<x>")).toString("base64")}`), {})).toBe("");
  });

  test("a post's own loaders read at the revision it started, not at the cookie it came with", async () => {
    const scope = newRequestScope("127.0.0.1");
    await startNewRevision(scope);
    const old = (await postedRevision()).cookie;
    const request = page(old);
    expect(await sessionRevision(request, { scope })).toBe(scope.revision);
    expect(await sessionRevision(request, {})).not.toBe(scope.revision); // another request reads the cookie's
  });

  test("each post starts a different one", async () => {
    const revisions = new Set(await Promise.all(Array.from({ length: 20 }, async () => (await postedRevision()).revision)));
    expect(revisions.size).toBe(20);
  });
});
