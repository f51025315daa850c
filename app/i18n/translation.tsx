import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { i18nConfig, type Language } from "./config";

/**
 * The translate function the pages render with, on the server and in the browser alike (ADR 010):
 * the same code on both sides, so a hydrated page reads exactly as its HTML. It does what our
 * locale files use of i18next: namespaces ("ns:key", or the namespaces a component names, searched
 * in order), nested keys, `{{name}}` interpolation and `defaultValue`; i18next itself stays on the
 * server (remix-i18next's language detection), out of the browser's first-load JS.
 */
export type Bundle = { [key: string]: string | Bundle };
/** The loaded namespaces of one language. */
export type Bundles = Record<string, Bundle>;
export type TOptions = { defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const NAMESPACE_SEPARATOR = ":";
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Each namespace's texts by dotted key ("cart.title"), made once per bundle object: a page looks up hundreds. */
const flatBundles = new WeakMap<Bundle, Map<string, string>>();

function flatten(bundle: Bundle, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [name, value] of Object.entries(bundle)) {
    if (typeof value === "string") into.set(`${prefix}${name}`, value);
    else flatten(value, `${prefix}${name}.`, into);
  }
  return into;
}

function lookUp(bundle: Bundle | undefined, key: string): string | undefined {
  if (!bundle) return undefined;
  let flat = flatBundles.get(bundle);
  if (!flat) {
    flat = flatten(bundle, "", new Map());
    // A top-level key that itself holds a dot wins over the nested one of the same path.
    for (const [name, value] of Object.entries(bundle)) if (typeof value === "string") flat.set(name, value);
    flatBundles.set(bundle, flat);
  }
  return flat.get(key);
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  // An unknown placeholder stays as written, as i18next leaves it.
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    options[name] === undefined || options[name] === null ? placeholder : String(options[name]),
  );
}

/** A translate function over `bundles`, looking keys up in `namespaces` (the first is the default). */
export function createT(bundles: Bundles, namespaces: readonly string[]): TFunction {
  return (key, options) => {
    const separator = key.indexOf(NAMESPACE_SEPARATOR);
    const [searched, bareKey] = separator > 0 ? [[key.slice(0, separator)], key.slice(separator + 1)] : [namespaces, key];
    for (const namespace of searched) {
      const found = lookUp(bundles[namespace], bareKey);
      if (found !== undefined) return interpolate(found, options);
    }
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : bareKey;
  };
}

type TranslationState = {
  language: Language;
  bundles: Bundles;
  /** In the browser: loads namespaces a client-side navigation needs and the document did not carry. */
  ensure?: (namespaces: readonly string[]) => void;
};
const TranslationContext = createContext<TranslationState | null>(null);

/** On the server: every namespace of the request's language is at hand. */
export function TranslationProvider({ language, bundles, children }: Omit<TranslationState, "ensure"> & { children: ReactNode }) {
  const value = useMemo(() => ({ language, bundles }), [language, bundles]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/**
 * In the browser: starts from the bundles the document carried and fetches a missing namespace
 * from /locales when a navigation needs it (until it arrives, keys show, as with i18next). The
 * language is the document's: switching it reloads the document (LanguageSwitch).
 */
export function BrowserTranslationProvider({ language, bundles: initial, children }: Omit<TranslationState, "ensure"> & { children: ReactNode }) {
  const [bundles, setBundles] = useState(initial);
  const requested = useRef(new Set(Object.keys(initial)));
  const ensure = useCallback(
    (namespaces: readonly string[]) => {
      for (const namespace of namespaces) {
        if (requested.current.has(namespace)) continue;
        requested.current.add(namespace);
        fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`)
          .then((response) => (response.ok ? (response.json() as Promise<Bundle>) : Promise.reject(new Error(`locales ${response.status}`))))
          .then(
            (bundle) => setBundles((loaded) => ({ ...loaded, [namespace]: bundle })),
            () => requested.current.delete(namespace), // asked again on the next navigation
          );
      }
    },
    [language],
  );
  const value = useMemo(() => ({ language, bundles, ensure }), [language, bundles, ensure]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/** Makes sure the given namespaces are loaded (a no-op on the server, where all are). */
export function useEnsureNamespaces(namespaces: readonly string[]) {
  const { ensure } = useTranslationState();
  const key = namespaces.join(",");
  useEffect(() => {
    if (key) ensure?.(key.split(","));
  }, [ensure, key]);
}

/** The page's language and bundles (InlineTranslations writes them into the document). */
export function useTranslationState(): TranslationState {
  const state = useContext(TranslationContext);
  if (!state) throw new Error("useTranslation needs a TranslationProvider (entry.server / entry.client)");
  return state;
}

/** `t` for the given namespaces (default: common) and the page's language. */
export function useTranslation(namespaces?: string | readonly string[]): { t: TFunction; language: Language } {
  const { language, bundles } = useTranslationState();
  const key = namespaces === undefined ? i18nConfig.defaultNS : typeof namespaces === "string" ? namespaces : namespaces.join(",");
  const t = useMemo(() => createT(bundles, key.split(",")), [bundles, key]);
  return { t, language };
}
