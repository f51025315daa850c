import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cspWithHashes, inlineScriptHashes } from "~/utils/script-hashes.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the text of each inline script that carries the render's nonce, as written, once each", () => {
    const html = [
      `<script nonce="N1">window.__remixContext = {"a":"\\u003c/script>价"};</script>`,
      `<script type="module" async="" nonce="N1">import "/assets/x.js";\n</script>`,
      `<script nonce="N1">window.__remixContext = {"a":"\\u003c/script>价"};</script>`,
    ].join("");
    expect(inlineScriptHashes(html, "N1")).toEqual([sha(`window.__remixContext = {"a":"\\u003c/script>价"};`), sha(`import "/assets/x.js";\n`)]);
  });

  it("leaves out scripts without the nonce (content, data blocks), with another nonce, and external ones", () => {
    const html = [
      `<script>alert(1)</script>`,
      `<script id="i18n" type="application/json">{"a":1}</script>`,
      `<script nonce="N2">alert(2)</script>`,
      `<script data-x="nonce" nonce="N1x">alert(3)</script>`,
      `<script nonce="N1" src="/assets/a.js"></script>`,
      `<SCRIPT NONCE="N1">ours()</SCRIPT >`,
    ].join("");
    expect(inlineScriptHashes(html, "N1")).toEqual([]);
    expect(inlineScriptHashes(`<script nonce="N1">ours()</script >`, "N1")).toEqual([sha("ours()")]);
  });

  it("fails closed on an unclosed script in content: ours is swallowed, nothing foreign is hashed", () => {
    const html = `<div><script x="1">evil()</div><script nonce="N1">ours()</script>`;
    expect(inlineScriptHashes(html, "N1")).toEqual([]);
  });

  it("hashes nothing without a nonce", () => {
    expect(inlineScriptHashes(`<script nonce="">a</script>`, "")).toEqual([]);
  });
});

describe("cspWithHashes", () => {
  it("replaces the nonce source with the hashes and leaves the other directives", () => {
    const csp = "default-src 'self';script-src 'self' 'nonce-abc+/=';object-src 'none'";
    expect(cspWithHashes(csp, "abc+/=", ["'sha256-x'", "'sha256-y'"])).toBe("default-src 'self';script-src 'self' 'sha256-x' 'sha256-y';object-src 'none'");
    expect(cspWithHashes(csp, "abc+/=", [])).toBe("default-src 'self';script-src 'self';object-src 'none'");
  });
});
