import { createContext, useContext } from "react";
import type { ClientLayout } from "~/upstream/layout-view.server";

const ChromeLayoutContext = createContext<ClientLayout | null>(null);

/** entry.server provides the whole client layout of the page being rendered. */
export const ChromeLayoutProvider = ChromeLayoutContext.Provider;

/**
 * The layout the chrome parts rendered once (the footer, the category menu) read. A document's
 * loader data leaves their lists out (ADR 027), so on the server they read the whole layout that
 * entry.server provides; in the browser they render only live, after the root loaded its whole
 * layout through a `.data` request (root.tsx `shouldRevalidate`).
 */
export function useChromeLayout(layout: ClientLayout): ClientLayout {
  return useContext(ChromeLayoutContext) ?? layout;
}
