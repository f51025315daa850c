import { createContext, useContext, type ReactNode } from "react";
import { documentAdopter } from "./document-adopter";

/**
 * The shop's stylesheet, inlined into the document (ADR 071): a page paints without waiting for a
 * render-blocking request. The server reads the built file (entry.server provides the reader); the
 * browser adopts the text it finds in the document rather than downloading or rendering it again,
 * so hydration sees the same element. Where the server has nothing to inline (the dev server, or a
 * text that could end the element early: the reader refuses those), it is a plain `<link>`.
 */
/** The text to inline for `href`, or undefined; it never holds `</style` (a link is drawn instead). */
export type ReadStylesheet = (href: string) => string | undefined;

const StylesheetContext = createContext<ReadStylesheet | null>(null);

/** entry.server provides the reader of the build's files (utils/stylesheets.server.ts). */
export const StylesheetProvider = StylesheetContext.Provider;

const ATTRIBUTE = "data-href";
/** In the browser: the text each stylesheet had in the document, adopted once. */
const adoptFromDocument = documentAdopter("style", ATTRIBUTE, (found) => found.textContent);

export function DocumentStylesheet({ href }: { href: string }): ReactNode {
  const read = useContext(StylesheetContext);
  const css = typeof document === "undefined" ? read?.(href) : adoptFromDocument(href);
  if (css === undefined) return <link rel="stylesheet" href={href} />;
  return <style {...{ [ATTRIBUTE]: href }} dangerouslySetInnerHTML={{ __html: css }} />;
}
