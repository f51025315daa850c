import { describe, expect, test } from "vitest";
import { loginUrlFor, safeRedirect } from "~/utils/safe-redirect";

describe("safeRedirect keeps same-origin paths", () => {
  test.each([
    ["/member/index", "/member/index"],
    ["/sku-12", "/sku-12"],
    ["/search?keyword=abc&page=2", "/search?keyword=abc&page=2"],
    ["/cms/help-7#faq", "/cms/help-7#faq"],
    // A query that itself names another site is harmless: we redirect to our own /login.
    ["/login?redirect=//evil", "/login?redirect=//evil"],
    // Encoded slashes/backslashes stay encoded: a single local path segment, never "//evil.com".
    ["/%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ["/%5Cevil.com", "/%5Cevil.com"],
    // Dot segments are resolved inside our origin.
    ["/a/../member/index", "/member/index"],
    // Surrounding whitespace is trimmed.
    ["  /member/index \n", "/member/index"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  test("non-ASCII query text comes back percent-encoded, still local", () => {
    expect(safeRedirect("/search?keyword=感冒药")).toBe("/search?keyword=%E6%84%9F%E5%86%92%E8%8D%AF");
  });

  test("a backslash inside the path is normalised to a slash, not a host", () => {
    expect(safeRedirect("/member\\index")).toBe("/member/index");
  });
});

describe("safeRedirect refuses everything else (open-redirect payloads)", () => {
  test.each([
    ["protocol-relative", "//evil.com"],
    ["protocol-relative with path", "//evil.com/member/index"],
    ["slash backslash", "/\\evil.com"],
    ["slash backslash slash", "/\\/evil.com"],
    ["tab hidden between slashes", "/\t/evil.com"],
    ["newline hidden between slashes", "/\n/evil.com"],
    ["CR hidden between slashes", "/\r/evil.com"],
    ["absolute https URL", "https://evil.com"],
    ["absolute http URL", "http://evil.com/index"],
    ["scheme with one slash", "http:/evil.com"],
    ["javascript: URL", "javascript:alert(1)"],
    ["data: URL", "data:text/html,<script>alert(1)</script>"],
    ["double backslash", "\\\\evil.com"],
    ["backslash slash", "\\/evil.com"],
    ["encoded slashes without a leading slash (not a path)", "%2F%2Fevil.com"],
    ["relative path without a leading slash", "member/index"],
    ["leading whitespace before //", "  //evil.com"],
    ["dot segment collapsing into //", "/.//evil.com"],
    ["parent segment collapsing into //", "/..//evil.com"],
    ["encoded dot segment collapsing into //", "/%2e//evil.com"],
    ["deeper dot segments collapsing into //", "/x/..//evil.com"],
    ["empty string", ""],
    ["whitespace only", "   "],
  ])("%s: %j → fallback", (_label, input) => {
    expect(safeRedirect(input)).toBe("/index");
  });

  test.each([null, undefined])("%s → fallback", (input) => {
    expect(safeRedirect(input)).toBe("/index");
  });

  test("a File from FormData is not a path", () => {
    const file = new File(["x"], "x.txt");
    expect(safeRedirect(file)).toBe("/index");
  });

  test("the fallback can be chosen", () => {
    expect(safeRedirect("//evil.com", "/member/index")).toBe("/member/index");
    expect(safeRedirect(null, "/")).toBe("/");
  });

  test("whatever it returns starts with exactly one slash", () => {
    const payloads = ["//a", "/\\a", "/\t/a", "/./\\a", "/.//a", "/%2e%2e//a", "https://a", " /b", "/c?d=//e"];
    for (const payload of payloads) {
      const result = safeRedirect(payload);
      expect(result, payload).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe("loginUrlFor", () => {
  test("sends the visitor to /login with the encoded path and query", () => {
    const request = new Request("http://shop.test/member/order_list?status=waitpay&page=2");
    const url = loginUrlFor(request);
    expect(url).toBe("/login?redirect=%2Fmember%2Forder_list%3Fstatus%3Dwaitpay%26page%3D2");
    expect(new URL(url, "http://shop.test").searchParams.get("redirect")).toBe("/member/order_list?status=waitpay&page=2");
  });

  test("drops the hash and the origin", () => {
    const url = loginUrlFor(new Request("http://shop.test/payment#coupon"));
    expect(url).toBe("/login?redirect=%2Fpayment");
  });

  test("a request for a path that looks protocol-relative falls back to /index", () => {
    const url = loginUrlFor(new Request("http://shop.test//evil.com/x"));
    expect(new URL(url, "http://shop.test").searchParams.get("redirect")).toBe("/index");
  });
});
