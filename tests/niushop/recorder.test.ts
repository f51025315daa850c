import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatTally, tally, type RecordedCall } from "./calls";
import { accountsOf, readSuiteEnv } from "./config";
import { classify, startRecorder } from "./recorder";

describe("classify: an upstream answer as the wire shows it", () => {
  test.each([
    ["a success", 200, "application/json", '{"code":0,"message":"操作成功","data":[]}', { outcome: "success", code: 0 }],
    ["a refusal", 200, "application/json", '{"code":-1,"message":"支付密码错误"}', { outcome: "unexpected refusal", code: -1, message: "支付密码错误" }],
    ["a code as a string", 200, "application/json", '{"code":"-10001","message":"操作失败"}', { outcome: "unexpected refusal", code: -10001 }],
    ["Niushop's page for an unknown route", 200, "text/html; charset=utf-8", "<!DOCTYPE html><title>页面无法访问</title>", { outcome: "missing endpoint" }],
    ["a 404", 404, "text/html", "not found", { outcome: "missing endpoint" }],
    ["a PHP error page", 500, "text/html", "<b>Fatal error</b>", { outcome: "fault" }],
    ["an empty body (5.5.2's error page rendered empty)", 200, "application/json", "", { outcome: "missing endpoint", detail: "empty body" }],
    ["JSON without the envelope (the BFF decides)", 200, "application/json", '[{"type":"order"}]', { outcome: "success", detail: "no envelope" }],
  ])("%s", (_name, status, contentType, body, expected) => {
    expect(classify(status, contentType, body)).toMatchObject(expected);
  });
});

describe("the recording proxy", () => {
  let upstream: Server;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  const post = (path: string, body: Record<string, unknown>) =>
    fetch(`${recorder.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  beforeAll(async () => {
    // A stand-in upstream: a sign-in that hands out a token, a refusal, an unknown route, an image.
    upstream = createServer((req, res) => {
      const json = (value: unknown) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      if (req.url === "/api/login/login") return json({ code: 0, message: "", data: { token: "token-of-buyer1" } });
      if (req.url === "/api/member/checkpaypassword") return json({ code: -1, message: "支付密码错误" });
      if (req.url === "/bundling/api/bundling/detail") return json({ code: -1, message: "缺少参数bl_id" });
      if (req.url === "/api/member/info") return json({ code: 0, message: "", data: { balance: "1.00" }, refreshtoken: "fresh-token" });
      if (req.url === "/servicer/api/chat/dialogs") return res.writeHead(200, { "Content-Type": "text/html" }).end();
      if (req.url === "/upload/a.png") return res.writeHead(200, { "Content-Type": "image/png" }).end("png");
      return res.writeHead(200, { "Content-Type": "text/html" }).end("<html>页面无法访问</html>");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    recorder = await startRecorder({ port: 0, upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await recorder.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  test("forwards calls unchanged and records each with its member, code and outcome", async () => {
    const login = await post("/api/login/login", { username: "buyer1", password: "x" });
    expect(await login.json()).toMatchObject({ data: { token: "token-of-buyer1" } });
    await post("/api/member/info", { token: "token-of-buyer1" });
    await post("/api/member/checkpaypassword", { token: "fresh-token", pay_password: "000000" });
    await post("/pc/api/pc/footerList", {});
    const image = await fetch(`${recorder.url}/upload/a.png`);
    expect(await image.text()).toBe("png");

    expect(recorder.calls().map(({ path, member, outcome, code }) => ({ path, member, outcome, code }))).toEqual([
      { path: "/api/login/login", member: "buyer1", outcome: "success", code: 0 },
      { path: "/api/member/info", member: "buyer1", outcome: "success", code: 0 },
      // A refreshed token still names its member.
      { path: "/api/member/checkpaypassword", member: "buyer1", outcome: "unexpected refusal", code: -1 },
      { path: "/pc/api/pc/footerList", member: null, outcome: "missing endpoint", code: undefined },
    ]);
  });

  test("the BFF's capability probe (no token, no parameters) answered 缺少参数 is expected; the same refusal of a real call is not", async () => {
    await post("/bundling/api/bundling/detail", { app_type: "pc", app_type_name: "PC" });
    await post("/bundling/api/bundling/detail", { app_type: "pc", bl_id: "" });
    expect(
      recorder
        .calls()
        .slice(-2)
        .map(({ outcome, detail }) => ({ outcome, detail })),
    ).toEqual([
      { outcome: "expected refusal", detail: "capability probe: the endpoint exists" },
      { outcome: "unexpected refusal", detail: undefined },
    ]);
  });

  test("a refusal a journey expected is marked so through the control endpoint", async () => {
    const refusal = recorder.calls().find((call) => call.path === "/api/member/checkpaypassword")!;
    const answer = await post("/__suite/expected", { seqs: [refusal.seq] });
    expect(answer.status).toBe(200);
    expect(refusal.outcome).toBe("expected refusal");
    expect((await post("/__suite/expected", { seqs: ["x"] })).status).toBe(400);
    const listed = (await (await fetch(`${recorder.url}/__suite/calls?since=${refusal.seq - 1}`)).json()) as { calls: RecordedCall[] };
    expect(listed.calls[0]).toMatchObject({ seq: refusal.seq, outcome: "expected refusal" });
  });

  test("the BFF's log turns the call it could not read into a fault, and keeps its 5xx answers", async () => {
    await post("/api/member/info", { token: "token-of-buyer1" });
    const call = recorder.calls().at(-1)!;
    const time = new Date(call.at + 5).toISOString();
    recorder.noteBffLine(JSON.stringify({ time, event: "upstream_failure", path: "/api/member/info", status: 502, detail: "unexpected shape: balance" }));
    recorder.noteBffLine(JSON.stringify({ time, event: "request", method: "GET", path: "/member/account", status: 502, ms: 3 }));
    recorder.noteBffLine(JSON.stringify({ time, event: "request", method: "GET", path: "/member/index", status: 200, ms: 3 }));
    recorder.noteBffLine("not a log line");
    expect(call).toMatchObject({ outcome: "fault", bffDetail: "unexpected shape: balance" });
    expect(recorder.bffFaults().map((fault) => fault.event)).toEqual(["request"]);
  });

  test("an empty answer is a missing endpoint (5.5.2's error page rendered empty), whatever the BFF logged where it arrived", async () => {
    await post("/servicer/api/chat/dialogs", { token: "token-of-buyer1" });
    const call = recorder.calls().at(-1)!;
    expect(call).toMatchObject({ path: "/servicer/api/chat/dialogs", outcome: "missing endpoint" });
    const faultsBefore = recorder.bffFaults().length;
    recorder.noteBffLine(
      JSON.stringify({ time: new Date(call.at + 5).toISOString(), event: "upstream_failure", path: call.path, status: 502, detail: "empty body" }),
    );
    expect(call).toMatchObject({ outcome: "missing endpoint" });
    expect(recorder.bffFaults()).toHaveLength(faultsBefore);
  });
});

test("the tally counts calls by path and outcome, with totals", () => {
  const call = (path: string, outcome: RecordedCall["outcome"]): RecordedCall => ({ seq: 1, at: 0, ms: 1, path, member: null, outcome });
  const rows = tally([call("/b", "success"), call("/a", "fault"), call("/b", "success"), call("/b", "expected refusal")]);
  expect(rows).toEqual([
    { path: "/a", success: 0, "expected refusal": 0, "unexpected refusal": 0, "missing endpoint": 0, fault: 1 },
    { path: "/b", success: 2, "expected refusal": 1, "unexpected refusal": 0, "missing endpoint": 0, fault: 0 },
  ]);
  expect(formatTally(rows).split("\n").at(-1)).toMatch(/^total\s+2\s+1\s+0\s+0\s+1$/);
});

describe("settings", () => {
  test("members are username:password:paypassword, URL-decoded, two at least", () => {
    const env = readSuiteEnv({ NIUSHOP_MEMBERS: "a:p%3Ass:123456, b:q:654321" });
    expect(env.NIUSHOP_MEMBERS).toEqual([
      { username: "a", password: "p:ss", payPassword: "123456" },
      { username: "b", password: "q", payPassword: "654321" },
    ]);
    expect(() => readSuiteEnv({ NIUSHOP_MEMBERS: "a:p:1" })).toThrow(/two members/);
    expect(() => readSuiteEnv({ NIUSHOP_MEMBERS: "a:p,b:q:2" })).toThrow(/username:password:paypassword/);
    expect(() => readSuiteEnv({ UPSTREAM_URL: "ftp://shop" })).toThrow(/UPSTREAM_URL/);
    expect(readSuiteEnv({}).NIUSHOP_BFF_PORT).toBe(3130);
  });

  test("the operator's accounts win over the fixture's; without either the run stops", () => {
    const env = readSuiteEnv({ NIUSHOP_MEMBERS: "a:p:1,b:q:2", NIUSHOP_ADMIN: "boss:pw" });
    expect(accountsOf(env, null)).toEqual({
      members: [
        { username: "a", password: "p", payPassword: "1" },
        { username: "b", password: "q", payPassword: "2" },
      ],
      admin: { username: "boss", password: "pw" },
    });
    expect(() => accountsOf(readSuiteEnv({}), null)).toThrow(/two member accounts/);
  });
});
