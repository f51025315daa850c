import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { bindChat, byeChat, chatKeywords, listChat, servicersOnline } from "~/upstream/chat.server";
import { EmptyAnswerError, type UpstreamContext } from "~/upstream/http.server";
import { envelope, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";

/**
 * Issue 28.9: a Niushop now and then answers a servicer path with an empty body (its HTML error
 * page rendered from a template another request is rewriting). Niushop's own client acts only on
 * `res.code >= 0 && res.data`, so an empty answer is "nothing"; the chat's reads do the same,
 * its mutations still fail (the member must know a message was not taken).
 */

let upstream: FakeUpstream;
const EMPTY = { contentType: "text/html; charset=utf-8", body: "" };

beforeAll(async () => {
  upstream = await startFakeUpstream();
});

afterAll(async () => {
  await upstream.close();
});

beforeEach(() => upstream.reset());

const member = (): UpstreamContext => ({ baseUrl: upstream.url, timeoutMs: 2_000, token: "member-token", member: "required" });

describe("an empty answer on a chat read is nothing", () => {
  test("quick replies: none", async () => {
    upstream.on("/servicer/api/chat/keyword", EMPTY);
    expect(await chatKeywords(member())).toEqual([]);
  });

  test("history: no messages", async () => {
    upstream.on("/servicer/api/chat/dialogs", EMPTY);
    expect(await listChat(member(), 1)).toEqual({ messages: [], pageCount: 0, count: 0 });
  });

  test("servicers online: none", async () => {
    upstream.on("/servicer/api/chat/hasServicers", EMPTY);
    expect(await servicersOnline(member())).toBe(false);
  });

  test("bind: not bound (offline), as a refusal is", async () => {
    upstream.on("/servicer/api/chat/bind", EMPTY);
    expect(await bindChat(member(), "client-1")).toEqual({ online: false, servicerId: 0 });
  });

  test("the same reads with an answer work as before", async () => {
    upstream.on("/servicer/api/chat/keyword", { body: envelope(0, "操作成功", { is_open: 1, keyword_list: [{ keyword: "发货时间" }] }) });
    upstream.on("/servicer/api/chat/hasServicers", { body: envelope(0, "操作成功", { online_count: 2 }) });
    expect(await chatKeywords(member())).toEqual(["发货时间"]);
    expect(await servicersOnline(member())).toBe(true);
  });
});

describe("an empty answer on a chat mutation is still a failure", () => {
  test("bye → EmptyAnswerError (a 502 if nobody handles it)", async () => {
    upstream.on("/servicer/api/chat/bye", EMPTY);
    const error = await byeChat(member(), 3).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(EmptyAnswerError);
    expect((error as Response).status).toBe(502);
  });
});
