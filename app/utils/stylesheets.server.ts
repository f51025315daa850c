import { readFileSync } from "node:fs";
import path from "node:path";

/** Where the production build's browser files are (server.ts serves the same folder). */
const CLIENT_BUILD = path.resolve("build/client");
const ASSET = /^\/assets\/[\w.-]+\.css$/;

const texts = new Map<string, string | undefined>();

/**
 * The text of one of the build's fingerprinted stylesheets, read and checked once per process (the
 * file never changes under its name); undefined for any other href, where there is no build (the
 * dev server), or for a text that would end an inline `<style>` early.
 */
export function readBuiltStylesheet(href: string): string | undefined {
  if (!ASSET.test(href)) return undefined;
  if (!texts.has(href)) {
    let text: string | undefined;
    try {
      text = readFileSync(path.join(CLIENT_BUILD, href), "utf8");
      if (/<\/style/i.test(text)) text = undefined;
    } catch {
      text = undefined;
    }
    texts.set(href, text);
  }
  return texts.get(href);
}
