import { type AppLoadContext, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { StaticMarkupProvider } from "~/components/layout/static-markup";
import { StylesheetProvider } from "~/components/layout/document-stylesheet";
import { bundlesFor, languageOf } from "~/i18n/i18next.server";
import { TranslationProvider, type Bundles } from "~/i18n/translation";
import type { Language } from "~/i18n/config";
import type { RouteHandle } from "~/utils/handle";
import { log } from "~/utils/log.server";
import { memoizeByOwner } from "~/utils/memo";
import { renderDocument } from "~/utils/render-document.server";
import { NonceProvider } from "~/utils/nonce";
import { SESSION_COOKIE } from "~/session/session.server";
import { closedShopRedirect } from "~/upstream/shop-status.server";
import { inlineScriptHashes } from "~/utils/script-hashes.server";
import { readBuiltStylesheet } from "~/utils/stylesheets.server";
import { hasCookie, VISITOR_CACHE_HEADER } from "~/utils/visitor-page-cache.server";

export const streamTimeout = 10_000;

/**
 * The chrome parts rendered once (components/layout/static-markup.tsx), by cache key (which holds
 * the language and the layout data's version); a refreshed layout gets new keys, old ones age out.
 * Parts rendered from one member's short-lived data are kept with that data instead (`owner`), so
 * members never crowd the chrome out of this cache.
 */
const staticMarkup = new LRUCache<string, string>({ max: 64 });
const ownedMarkup = memoizeByOwner<object, string, string>();

function staticRenderer(language: Language, bundles: Bundles) {
  // Outside the page's router: links in the content render as plain links (to absolute paths).
  const render = (element: ReactElement) =>
    renderToStaticMarkup(
      <TranslationProvider language={language} bundles={bundles}>
        <StaticRouter location="/">{element}</StaticRouter>
      </TranslationProvider>,
    );
  return (cacheKey: string, element: ReactElement, owner?: object) => {
    if (owner) return ownedMarkup(owner, cacheKey, () => render(element));
    let html = staticMarkup.get(cacheKey);
    if (html === undefined) {
      html = render(element);
      staticMarkup.set(cacheKey, html);
    }
    return html;
  };
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const closed = closedShopRedirect(request, responseStatusCode);
  if (closed) return closed;
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  const language = await languageOf(request);
  const bundles = bundlesFor(language);
  // A visitor's catalogue page may be kept by shared caches (ADR 056): rendered whole, so that its
  // CSP can name the hashes of its scripts (visitor-page-cache.server.ts puts them in the header).
  const shareable = responseStatusCode === 200 && isVisitorCacheable(remixContext) && !hasCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  // Bots and visitors without JS get the whole document at once; browsers get it streamed.
  const waitForAll = shareable || isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");

  const rendering = renderDocument(
    <NonceProvider value={nonce}>
      <TranslationProvider language={language} bundles={bundles}>
        <StaticMarkupProvider value={staticRenderer(language, bundles)}>
          <StylesheetProvider value={readBuiltStylesheet}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </StylesheetProvider>
        </StaticMarkupProvider>
      </TranslationProvider>
    </NonceProvider>,
    { status: responseStatusCode, headers: responseHeaders, nonce, waitForAll, abortAfterMs: streamTimeout + 1000 },
  );
  if (!shareable) return rendering;
  const rendered = await rendering;
  const html = await rendered.text();
  if (rendered.status === 200) rendered.headers.set(VISITOR_CACHE_HEADER, inlineScriptHashes(html, nonce).join(" "));
  return new Response(html, { status: rendered.status, headers: rendered.headers });
}

/** The page's own route (the deepest match) says visitors may share it (RouteHandle.visitorCache). */
function isVisitorCacheable(context: EntryContext): boolean {
  const leaf = context.staticHandlerContext.matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as RouteHandle | undefined) : undefined;
  return handle?.visitorCache === true;
}

/**
 * Unexpected errors are logged once, here. Aborted requests, and answers Remix itself gives to bad
 * requests (405 for a method a route lacks, 400 for an old `?_data` request), are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data requests")) return;
  const message = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
  log("unexpected_error", { method: request.method, url: new URL(request.url).pathname, message });
};
