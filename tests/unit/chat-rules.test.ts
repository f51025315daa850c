import { describe, expect, test } from "vitest";
import { CHAT_MAX_LENGTH, chatLength, chatSegments, chatTextProblem, EMOJI_CODES } from "~/domain/chat";
import { translateUpstreamFrame, upgradeClientAddress, upgradeOrigin } from "~/relay/chat-relay.server";

// Chat text rules (spec §5, §9) and the relay's frame filter.
describe("chat text rules", () => {
  test("47 emoji codes, emjoy_01 to emjoy_47", () => {
    expect(EMOJI_CODES).toHaveLength(47);
    expect(EMOJI_CODES[0]).toBe("emjoy_01");
    expect(EMOJI_CODES[46]).toBe("emjoy_47");
  });

  test("an emoji token counts as one character; unknown tokens are text", () => {
    expect(chatLength("[emjoy_01]")).toBe(1);
    expect(chatLength("好[emjoy_47]的")).toBe(3);
    expect(chatLength("[emjoy_48]")).toBe(10);
    expect(chatLength("😀")).toBe(1);
    expect(chatSegments("a[emjoy_02]b")).toEqual([
      { kind: "text", text: "a" },
      { kind: "emoji", code: "emjoy_02" },
      { kind: "text", text: "b" },
    ]);
  });

  test("blank is refused; 150 pass, 151 do not (emoji included)", () => {
    expect(chatTextProblem("")).toBe("blank");
    expect(chatTextProblem(" \n\t")).toBe("blank");
    expect(chatTextProblem("药".repeat(CHAT_MAX_LENGTH))).toBeNull();
    expect(chatTextProblem("药".repeat(CHAT_MAX_LENGTH + 1))).toBe("tooLong");
    expect(chatTextProblem("药".repeat(CHAT_MAX_LENGTH - 1) + "[emjoy_03]")).toBeNull();
    expect(chatTextProblem("药".repeat(CHAT_MAX_LENGTH) + "[emjoy_03]")).toBe("tooLong");
  });
});

describe("chat relay", () => {
  test("passes message rows on reduced to the view, drops unknown kinds and junk", () => {
    const row = { id: 7, content_type: 0, type: 1, consumer_say: "", servicer_say: "您好", create_day: "2026-01-01", create_time: "10:00:00", token: "secret" };
    const frame = translateUpstreamFrame(JSON.stringify({ type: "string", data: row }), "member-token");
    expect(frame).toMatchObject({ type: "message", message: { id: 7, kind: "text", mine: false, text: "您好" } });
    expect(JSON.stringify(frame)).not.toContain("secret");
    expect(translateUpstreamFrame(JSON.stringify({ type: "init", data: { client_id: "abc" } }), "member-token")).toBeNull();
    expect(translateUpstreamFrame(JSON.stringify({ type: "force_offline", data: {} }), "member-token")).toBeNull();
    expect(translateUpstreamFrame("not json", "member-token")).toBeNull();
    expect(translateUpstreamFrame(JSON.stringify({ type: "close", data: { status: true } }), "member-token")).toEqual({ type: "close" });
  });

  test("the origin of an upgrade honours forwarded headers only behind a trusted proxy", () => {
    const req = { headers: { host: "shop.test:3000", "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" }, socket: {} } as never;
    expect(upgradeOrigin(req, 0)).toBe("http://shop.test:3000");
    expect(upgradeOrigin(req, 1)).toBe("https://shop.example");
  });

  test("the client address of an upgrade is the peer, or the n-th forwarded hop behind n trusted proxies (as Express's req.ip)", () => {
    const req = { headers: { "x-forwarded-for": "6.6.6.6, 1.2.3.4, 10.0.0.2" }, socket: { remoteAddress: "10.0.0.1" } } as never;
    expect(upgradeClientAddress(req, 0)).toBe("10.0.0.1"); // a client's own X-Forwarded-For is not believed
    expect(upgradeClientAddress(req, 1)).toBe("10.0.0.2");
    expect(upgradeClientAddress(req, 2)).toBe("1.2.3.4");
    expect(upgradeClientAddress(req, 9)).toBe("6.6.6.6");
    expect(upgradeClientAddress({ headers: {}, socket: { remoteAddress: "10.0.0.1" } } as never, 1)).toBe("10.0.0.1");
  });
});
