import { describe, expect, test } from "vitest";
import { sanitizeUpstreamHtml } from "~/utils/sanitize.server";

const UPSTREAM = "https://api.shop.test/base";
const clean = (html: string) => sanitizeUpstreamHtml(html, UPSTREAM);

describe("sanitizeUpstreamHtml removes what could run", () => {
  test("script elements, with their content", () => {
    const out = clean('<p>说明</p><script>alert(document.cookie)</script><SCRIPT src="https://evil.test/x.js"></SCRIPT>');
    expect(out).toBe("<p>说明</p>");
  });

  test("on* event handlers", () => {
    const out = clean('<p onclick="alert(1)" onmouseover="steal()">a</p><img src="upload/a.png" onerror="alert(1)">');
    expect(out).not.toMatch(/on\w+=/i);
    expect(out).toContain("<p>a</p>");
    expect(out).toContain('<img src="/media/upload/a.png" loading="lazy" decoding="async" />');
  });

  test.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  ])("javascript:/other unsafe links lose their href: %s", (html) => {
    const out = clean(html);
    expect(out).not.toMatch(/href=/i);
    expect(out).not.toMatch(/script:/i);
    expect(out).toContain(">x</a>");
  });

  test("iframes, objects, embeds, forms and styles", () => {
    const out = clean(
      '<iframe src="https://evil.test"></iframe><object data="x.swf"></object><embed src="x.swf"><form action="/x"><input name="a"></form><style>body{display:none}</style><p>ok</p>',
    );
    expect(out).toBe("<p>ok</p>");
  });

  test("javascript: in image sources and dangerous inline styles", () => {
    const out = clean('<img src="javascript:alert(1)"><p style="background:url(javascript:alert(1));color:red">t</p>');
    expect(out).not.toMatch(/javascript/i);
    expect(out).toContain('<p style="color:red">t</p>');
  });

  test("svg with scripts", () => {
    expect(clean('<svg onload="alert(1)"><script>alert(1)</script></svg>')).toBe("");
  });
});

describe("sanitizeUpstreamHtml keeps the content", () => {
  test("formatting", () => {
    const html =
      "<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s><br />换行</p><ul><li>一</li></ul><table><tbody><tr><td>格</td></tr></tbody></table>";
    expect(clean(html)).toBe(html);
  });

  test("allowed inline styles and classes", () => {
    const html = '<p style="color:#ff0000;text-align:center;font-size:14px" class="note">红</p><font color="red" size="3">字</font>';
    expect(clean(html)).toBe(html);
  });

  test("the upstream's images through /media and data URIs, loading lazily", () => {
    expect(clean('<img src="https://api.shop.test/base/upload/a.png" alt="药" width="100" height="50" />')).toBe(
      '<img src="/media/upload/a.png" alt="药" width="100" height="50" loading="lazy" decoding="async" />',
    );
    expect(clean('<img src="upload/goods/b.jpg?x=1&amp;y=2" />')).toBe('<img src="/media/upload/goods/b.jpg" loading="lazy" decoding="async" />'); // the query is not the proxy's
    expect(clean('<img src="data:image/png;base64,iVBORw0KGgo=" loading="eager" />')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" loading="lazy" decoding="async" />',
    );
  });

  test("safe links, with rel=noopener noreferrer added", () => {
    expect(clean('<a href="https://shop.test/sku-12" target="_blank">看看</a>')).toBe(
      '<a href="https://shop.test/sku-12" target="_blank" rel="noopener noreferrer">看看</a>',
    );
    expect(clean('<a href="/cms/help-7">帮助</a>')).toBe('<a href="/cms/help-7" rel="noopener noreferrer">帮助</a>');
    expect(clean('<a href="mailto:a@b.test">m</a><a href="tel:4001234567">t</a>')).toContain('href="tel:4001234567"');
  });

  test("plain text and entities pass through", () => {
    expect(clean("1 &lt; 2 &amp; 3")).toBe("1 &lt; 2 &amp; 3");
    expect(clean("")).toBe("");
  });
});

describe("images from anywhere but the upstream are dropped (issue 30)", () => {
  test.each([
    ["another site", '<img src="https://tracker.example/pixel.gif?who=me" alt="x">'],
    ["another site, protocol-relative", '<img src="//tracker.example/a.png">'],
    ["the upstream's host on another port", '<img src="https://api.shop.test:8443/base/upload/a.png">'],
    ["the upstream's host outside its base path", '<img src="https://api.shop.test/other/upload/a.png">'],
    ["plain http to the upstream's host", '<img src="http://api.shop.test/base/upload/a.png">'],
    ["a path the media proxy does not serve", '<img src="https://api.shop.test/base/api/member/info">'],
    ["a path that climbs out", '<img src="upload/../../etc/passwd.png">'],
    ["an svg data URI", '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">'],
    ["no source at all", '<img alt="x">'],
  ])("%s", (_case, html) => {
    expect(clean(`<p>说明</p>${html}`)).toBe("<p>说明</p>");
  });
});
