import { describe, expect, test } from "vitest";
import { isCheckAnswer } from "~/routes/_auth.login_.wechat/poll";
import { CheckLoginSchema, ConfigInitSchema, LoginCodeSchema } from "~/upstream/schemas/wechat";
import { mergeSetCookies } from "~/upstream/upstream-cookies";
import { qrImageUrl } from "~/upstream/wechat-qrcode";

/** The parsers of the WeChat login (ADR 062): upstream answers, the upstream's cookies, the QR picture, the poll's answer. */

describe("mergeSetCookies: the upstream session's cookie jar", () => {
  test("keeps name=value of each Set-Cookie, drops the attributes", () => {
    expect(mergeSetCookies(null, ["PHPSESSID=0123456789abcdef0123456789abcdef; path=/"])).toBe("PHPSESSID=0123456789abcdef0123456789abcdef");
  });

  test("a new value replaces the old one; other cookies stay", () => {
    expect(mergeSetCookies("PHPSESSID=old; lang=zh", ["PHPSESSID=new; path=/; HttpOnly"])).toBe("lang=zh; PHPSESSID=new");
  });

  test("an empty value, Max-Age=0 or a past Expires removes the cookie; nothing left is null", () => {
    expect(mergeSetCookies("a=1; b=2; c=3", ["a=; path=/", "b=x; Max-Age=0", "c=y; Expires=Thu, 01 Jan 1970 00:00:00 GMT"])).toBeNull();
  });

  test("no Set-Cookie keeps what was there", () => {
    expect(mergeSetCookies("PHPSESSID=abc", [])).toBe("PHPSESSID=abc");
    expect(mergeSetCookies(null, [])).toBeNull();
  });

  test.each([
    ["a header-splitting value", "PHPSESSID=abc\r\nX-Evil: 1"],
    ["a value with a semicolon inside quotes", 'x="a;b"'],
    ["a name with spaces", "my cookie=1"],
    ["no name", "=value"],
    ["a value over 256 characters", `big=${"a".repeat(257)}`],
    ["no equals sign", "PHPSESSID"],
  ])("drops %s", (_what, header) => {
    expect(mergeSetCookies(null, [header])).toBeNull();
  });

  test("keeps at most four cookies, the newest", () => {
    const jar = mergeSetCookies(null, ["a=1", "b=2", "c=3", "d=4", "e=5"]);
    expect(jar).toBe("b=2; c=3; d=4; e=5");
  });

  test("a malformed stored jar is read as far as it is sound", () => {
    expect(mergeSetCookies("junk; PHPSESSID=abc; =x", [])).toBe("PHPSESSID=abc");
  });
});

describe("qrImageUrl: where the browser gets the QR picture", () => {
  const base = "http://127.0.0.1:4100";

  test("WeChat's own showqrcode URL is shown as it is", () => {
    const url = "https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xLzAyX";
    expect(qrImageUrl(url, base)).toBe(url);
  });

  test("a picture on the upstream goes through the /media proxy (a base path is kept out)", () => {
    expect(qrImageUrl(`${base}/upload/wechat/qrcode/Ab_c-1.svg`, base)).toBe("/media/upload/wechat/qrcode/Ab_c-1.svg");
    expect(qrImageUrl("https://shop.example/niushop/upload/qr/x.png", "https://shop.example/niushop")).toBe("/media/upload/qr/x.png");
  });

  test.each([
    ["another host", "https://evil.example/upload/x.png"],
    ["WeChat without a ticket", "https://mp.weixin.qq.com/cgi-bin/showqrcode"],
    ["another WeChat path", "https://mp.weixin.qq.com/cgi-bin/other?ticket=1"],
    ["plain http to WeChat", "http://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=1"],
    ["the upstream outside upload/", `${base}/api/login/checklogin`],
    ["the upstream with a query", `${base}/upload/x.png?y=1`],
    ["a data URI", "data:image/png;base64,AAAA"],
    ["a javascript URL", "javascript:alert(1)"],
    ["not a URL", "upload/x.png"],
  ])("refuses %s", (_what, url) => {
    expect(qrImageUrl(url, base)).toBeNull();
  });
});

describe("upstream answers", () => {
  test("logincode: key, seconds as a number or numeric string, picture", () => {
    expect(LoginCodeSchema.parse({ key: "NjkyNmZlZjRlMzBkYg", expire_time: "600", qrcode: "https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=x" })).toEqual({
      key: "NjkyNmZlZjRlMzBkYg",
      expire_time: 600,
      qrcode: "https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=x",
    });
    expect(LoginCodeSchema.safeParse({ key: "", expire_time: 600, qrcode: "x" }).success).toBe(false);
    expect(LoginCodeSchema.safeParse({ key: "k", expire_time: 0, qrcode: "x" }).success).toBe(false);
  });

  test("checklogin: a token signs in; an empty answer means a mobile must be bound", () => {
    expect(CheckLoginSchema.parse({ token: "t0k3n", can_receive_registergift: 0 })).toEqual({ kind: "signed-in", token: "t0k3n" });
    for (const empty of ["", null, undefined, []]) expect(CheckLoginSchema.parse(empty)).toEqual({ kind: "bind" });
    expect(CheckLoginSchema.safeParse({ token: "" }).success).toBe(false);
    expect(CheckLoginSchema.safeParse({ other: 1 }).success).toBe(false);
  });

  test("config/init: wechat_config_status read as a flag, missing or odd → off", () => {
    expect(ConfigInitSchema.parse({ wechat_config_status: 1, site_info: {} })).toEqual({ wechat_config_status: true });
    expect(ConfigInitSchema.parse({ wechat_config_status: "1" })).toEqual({ wechat_config_status: true });
    expect(ConfigInitSchema.parse({ wechat_config_status: 0 })).toEqual({ wechat_config_status: false });
    expect(ConfigInitSchema.parse({})).toEqual({ wechat_config_status: false });
    expect(ConfigInitSchema.parse({ wechat_config_status: { on: true } })).toEqual({ wechat_config_status: false });
  });
});

describe("isCheckAnswer: what the page's poll follows", () => {
  test.each([
    [{ status: "waiting" }, true],
    [{ status: "expired" }, true],
    [{ status: "refused", message: "upstream:您的账号已被锁定" }, true],
    [{ status: "refused" }, false],
    [{ status: "go", to: "/member/index" }, true],
    [{ status: "go", to: "/login/wechat/bind?redirect=%2Fcart" }, true],
    [{ status: "go", to: "https://evil.example/" }, false],
    [{ status: "go", to: "//evil.example/" }, false],
    [{ status: "go", to: "/\\evil.example/" }, false],
    [{ status: "done" }, false],
    [null, false],
    ["waiting", false],
  ])("%j → %s", (value, expected) => {
    expect(isCheckAnswer(value)).toBe(expected);
  });
});
