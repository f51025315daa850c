import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { translateUpstreamFrame } from "~/relay/chat-relay.server";
import { assetUrl, ownAssetUrl } from "~/upstream/context.server";
import { resetEnvCache } from "~/utils/env.server";
import { isPrivateUpload, MEMBER_LINK_SECONDS, PRIVATE_MEDIA_PREFIX, privateUploadPath, VISITOR_LINK_SECONDS } from "~/utils/private-media.server";
import { pointBffAt } from "../support/bff-environment";

// ADR 053: a member's private uploads are linked for that member only.

let restoreEnv: () => void;
beforeAll(() => {
  restoreEnv = pointBffAt("http://127.0.0.1:9");
});
afterAll(() => restoreEnv());

/** A signed link split as server.ts's route splits it: `/media/own/<signed>/<path>`. */
function parts(url: string): { signed: string; path: string } {
  expect(url.startsWith(PRIVATE_MEDIA_PREFIX)).toBe(true);
  const rest = url.slice(PRIVATE_MEDIA_PREFIX.length);
  const slash = rest.indexOf("/");
  return { signed: rest.slice(0, slash), path: rest.slice(slash + 1) };
}

describe("which uploads are private", () => {
  test.each([
    ["upload/offlinepay/20261127/a.png", true],
    ["upload/1/offlinepay/20261127/a.png", true], // Niushop with a site id
    ["upload/chat_img/20261127/a.jpg", true],
    ["upload/refundimg/20261127/a.jpg", true],
    ["/upload/qualification/20261127/abc.png", true],
    ["upload/chat/20261127/abc.png", true],
    ["upload/refund/20261127/abc.png", true],
    ["upload/headimg/20261127/a.png", false], // avatars, goods, evaluations, the shop's own certificates stay public
    ["upload/evaluate/20261127/a.png", false],
    ["upload/certificate/a.svg", false],
    ["upload/goods/1.svg", false],
    ["public/static/img/x.png", false],
  ])("%s → %s", (path, expected) => {
    expect(isPrivateUpload(path)).toBe(expected);
  });
});

describe("links signed for one member", () => {
  const path = "upload/qualification/20261127/0123456789abcdef01234567.png";

  test("public paths keep the plain /media proxy; private ones get a link the plain proxy does not serve", () => {
    expect(ownAssetUrl("upload/goods/1.svg", "token-a")).toBe(assetUrl("upload/goods/1.svg"));
    expect(ownAssetUrl("", "token-a")).toBe("");
    const url = ownAssetUrl(path, "token-a");
    expect(url).toMatch(/^\/media\/own\/\d+\.[\w-]{43}\/upload\/qualification\//);
    expect(parts(url).path).toBe(path);
  });

  test("only the member it was signed for opens it: not another member, not a visitor", () => {
    const { signed, path: named } = parts(ownAssetUrl(path, "token-a"));
    expect(privateUploadPath(signed, named, "token-a")).toBe(path);
    expect(privateUploadPath(signed, named, "token-b")).toBeNull();
    expect(privateUploadPath(signed, named, null)).toBeNull();
  });

  test("the signature covers the path and the expiry: neither can be changed", () => {
    const { signed } = parts(ownAssetUrl(path, "token-a"));
    const [expires, mac] = signed.split(".");
    expect(privateUploadPath(signed, "upload/qualification/20261127/ffffffffffffffffffffffff.png", "token-a")).toBeNull();
    expect(privateUploadPath(`${Number(expires) + 60}.${mac}`, path, "token-a")).toBeNull();
    // Another last character, never the same one (a fixed "A" was the real one 1 time in 16).
    const tampered = `${mac!.slice(0, -1)}${mac!.endsWith("A") ? "Q" : "A"}`;
    expect(privateUploadPath(`${expires}.${tampered}`, path, "token-a")).toBeNull();
    expect(privateUploadPath("garbage", path, "token-a")).toBeNull();
  });

  test("a link expires after a day (a member's) or an hour (a registration preview, bound to nobody)", () => {
    vi.useFakeTimers();
    try {
      const member = parts(ownAssetUrl(path, "token-a"));
      const visitor = parts(ownAssetUrl(path, null));
      expect(privateUploadPath(visitor.signed, visitor.path, null)).toBe(path);
      expect(privateUploadPath(visitor.signed, visitor.path, "token-a")).toBe(path); // the visitor who has since signed up
      vi.advanceTimersByTime((VISITOR_LINK_SECONDS + 61) * 1000);
      expect(privateUploadPath(visitor.signed, visitor.path, null)).toBeNull();
      expect(privateUploadPath(member.signed, member.path, "token-a")).toBe(path);
      vi.advanceTimersByTime(MEMBER_LINK_SECONDS * 1000);
      expect(privateUploadPath(member.signed, member.path, "token-a")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  test("a link signed before a secret rotation still opens while the old secret is in the list", () => {
    const { signed, path: named } = parts(ownAssetUrl(path, "token-a"));
    const restore = pointBffAt("http://127.0.0.1:9", { SESSION_SECRET: `a-brand-new-session-secret-0123,${process.env.SESSION_SECRET}` });
    try {
      expect(privateUploadPath(signed, named, "token-a")).toBe(path);
      process.env.SESSION_SECRET = "a-brand-new-session-secret-0123";
      resetEnvCache();
      expect(privateUploadPath(signed, named, "token-a")).toBeNull();
    } finally {
      restore();
    }
  });

  test("a chat image the relay passes on is linked for the member of that socket", () => {
    const row = {
      id: 9,
      content_type: 3,
      type: 1,
      consumer_say: "",
      servicer_say: "upload/chat_img/20261127/x.jpg",
      create_day: "2026-01-01",
      create_time: "10:00:00",
    };
    const frame = translateUpstreamFrame(JSON.stringify({ type: "image", data: row }), "token-a");
    expect(frame?.type).toBe("message");
    const image = frame?.type === "message" ? frame.message.image : "";
    const { signed, path: named } = parts(image);
    expect(privateUploadPath(signed, named, "token-a")).toBe("upload/chat_img/20261127/x.jpg");
    expect(privateUploadPath(signed, named, "token-b")).toBeNull();
  });
});
