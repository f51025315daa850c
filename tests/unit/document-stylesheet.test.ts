import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DocumentStylesheet, StylesheetProvider, type ReadStylesheet } from "~/components/layout/document-stylesheet";
import { readBuiltStylesheet } from "~/utils/stylesheets.server";

const HREF = "/assets/root-AbC123.css";

function serverRender(read: ReadStylesheet | null): string {
  const element = createElement(DocumentStylesheet, { href: HREF });
  return renderToStaticMarkup(read ? createElement(StylesheetProvider, { value: read }, element) : element);
}

/** ADR 071: the server inlines the built stylesheet; without one it links it. */
describe("DocumentStylesheet on the server", () => {
  it("inlines the text the reader gives, marked with its href", () => {
    expect(serverRender(() => "body{margin:0}")).toBe(`<style data-href="${HREF}">body{margin:0}</style>`);
  });

  it("links the stylesheet where there is nothing to read (the dev server)", () => {
    expect(serverRender(() => undefined)).toBe(`<link rel="stylesheet" href="${HREF}"/>`);
    expect(serverRender(null)).toBe(`<link rel="stylesheet" href="${HREF}"/>`);
  });
});

describe("readBuiltStylesheet", () => {
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));

  it("reads only a fingerprinted stylesheet under build/client/assets", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "stylesheets-"));
    mkdirSync(path.join(root, "build/client/assets"), { recursive: true });
    writeFileSync(path.join(root, "build/client/assets/root-AbC123.css"), "body{margin:0}");
    writeFileSync(path.join(root, "build/client/assets/root-AbC123.js"), "alert(1)");
    writeFileSync(path.join(root, "secret.css"), "secret");
    writeFileSync(path.join(root, "build/client/assets/closing-1.css"), 'a::after{content:"</STYLE><script>"}');
    process.chdir(root);
    // A fresh module: the folder is resolved when it loads.
    vi.resetModules();
    const fresh = await import("~/utils/stylesheets.server");
    expect(fresh.readBuiltStylesheet(HREF)).toBe("body{margin:0}");
    expect(fresh.readBuiltStylesheet("/assets/root-AbC123.js")).toBeUndefined();
    expect(fresh.readBuiltStylesheet("/assets/../../../secret.css")).toBeUndefined();
    expect(fresh.readBuiltStylesheet("/assets/missing-1.css")).toBeUndefined();
    // A text that would end the inline element early is linked instead.
    expect(fresh.readBuiltStylesheet("/assets/closing-1.css")).toBeUndefined();
  });

  it("answers undefined where there is no build", () => {
    expect(readBuiltStylesheet("/assets/no-such-file-0.css")).toBeUndefined();
  });
});
