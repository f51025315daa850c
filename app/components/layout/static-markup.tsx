import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import { documentAdopter } from "./document-adopter";

/**
 * Parts of the chrome that read the same for every visitor of a language (the footer, the category
 * menu) are rendered once per process, language and layout version, not on every request
 * (docs/performance.md). The server puts their cached HTML into the page; the browser adopts the
 * HTML it finds in the document instead of rendering those parts again. They hold plain links and
 * no state, so there is nothing to hydrate in them. Reached by a client-side navigation from a
 * document that did not carry them, they render live from the same element.
 */
export type RenderStatic = (cacheKey: string, element: ReactElement, owner?: object) => string;

const StaticMarkupContext = createContext<RenderStatic | null>(null);

/** entry.server provides the renderer (a per-process cache of renderToStaticMarkup). */
export const StaticMarkupProvider = StaticMarkupContext.Provider;

const ATTRIBUTE = "data-static-markup";
/** In the browser: the markup each key had in the document, adopted once. */
const adoptFromDocument = documentAdopter("", ATTRIBUTE, (found) => found.innerHTML);

type Props = {
  /** What identifies the content: its kind, the language and the layout data's version. */
  cacheKey: string;
  as: "footer" | "div";
  className?: string;
  /**
   * The data the content is rendered from, when it is one member's or short-lived (a member's
   * recommendations): the HTML is then kept with that object, not in the shared per-process cache.
   */
  cacheFor?: object;
  /** The content; no state. It renders outside the page's router: its links render as plain links. */
  children: ReactElement;
};

export function StaticMarkup({ cacheKey, as: Tag, className, cacheFor, children }: Props): ReactNode {
  const renderStatic = useContext(StaticMarkupContext);
  const html = typeof document === "undefined" ? renderStatic?.(cacheKey, children, cacheFor) : adoptFromDocument(cacheKey);
  if (html === undefined) return <Tag className={className}>{children}</Tag>;
  return <Tag className={className} {...{ [ATTRIBUTE]: cacheKey }} dangerouslySetInnerHTML={{ __html: html }} />;
}
