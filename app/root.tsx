// The shop's stylesheet (its order of parts is in the file), inlined into each document (ADR 071).
import rootStylesheet from "./styles/root.css?url";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { redirect } from "~/utils/redirect.server";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useContext, useEffect } from "react";
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from "react-router-dom";
import { useTranslation } from "~/i18n/translation";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ToastMessage } from "~/components/toast-message";
import { DocumentStylesheet } from "~/components/layout/document-stylesheet";
import { fallbackLanguage } from "~/i18n/config";
import { InlineTranslations } from "~/components/inline-translations";
import type { RootData } from "~/components/layout/root-data";
import { languageOf } from "~/i18n/i18next.server";
import { chromeCapabilities } from "~/upstream/capabilities.server";
import { sessionRevision } from "~/session/session-revision.server";
import { memberContext } from "~/upstream/context.server";
import { getMemberBar } from "~/upstream/member.server";
import { ShopClosedError } from "~/upstream/http.server";
import { getLayoutData, getSiteInfo, isShopOpen, knownShopStatus } from "~/upstream/site.server";
import { documentLayout, toClientLayout } from "~/upstream/layout-view.server";
import { pageTitle, type RouteHandle } from "~/utils/handle";
import { useNonce } from "~/utils/nonce";
import { upstreamFailedIn } from "~/utils/request-scope.server";
import { takeToast } from "~/utils/toast.server";
import { shouldShowTopAd } from "~/utils/top-ad.server";

export const handle: RouteHandle = { i18n: ["common", "errors", "validation"] };

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.ico" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await languageOf(request);
  const { toast, headers } = await takeToast(request);
  const path = new URL(request.url).pathname;

  const noCapabilities = { switchAccount: false, saleControl: false };
  // The upstream already timed out in this request (a form post's action): the error page is drawn
  // without the chrome rather than by asking the upstream again (a failed post waited twice).
  if (upstreamFailedIn(context)) {
    return data<RootData>(
      { language, toast, layout: null, siteName: "", member: null, cartCount: 0, showTopAd: false, capabilities: noCapabilities },
      { headers },
    );
  }
  // Spec §4: a closed shop sends every page but /closed to /closed.
  const closedShop = async () => {
    if (path !== "/closed") throw redirect("/closed", { headers });
    // The upstream now refuses every call, site info too: the last one the BFF saw (cached) names the site in the title.
    const siteName = (await getSiteInfo().catch(() => null))?.site_name ?? "";
    return data<RootData>({ language, toast, layout: null, siteName, member: null, cartCount: 0, showTopAd: false, capabilities: noCapabilities }, { headers });
  };
  // An open shop's pages never ask: they go by what the upstream's answers told (ADR 064), and the
  // -3 of their own calls shows a closure not known yet. /closed, and every page while the shop is
  // known closed, asks (at most once a second), so a reopening is seen within a second.
  const open = path === "/closed" || knownShopStatus() === "closed" ? await isShopOpen() : true;
  if (!open) return closedShop();

  try {
    const ctx = await memberContext(request, context);
    const [layout, memberBar, showTopAd, capabilities] = await Promise.all([
      getLayoutData(),
      sessionRevision(request, context).then((revision) => getMemberBar(ctx, revision)),
      shouldShowTopAd(request),
      // Chrome links to optional upstream features (ADR 009) are shown only where the feature exists.
      chromeCapabilities(ctx.token !== null),
    ]);
    const clientLayout = toClientLayout(layout, capabilities);
    return data<RootData>(
      {
        language,
        toast,
        // A document holds the chrome's HTML; its loader data leaves out what only that HTML uses (ADR 027).
        layout: context.dataRequest === true ? clientLayout : documentLayout(clientLayout),
        member: memberBar ? { nickname: memberBar.nickname, username: memberBar.username } : null,
        cartCount: memberBar?.cartCount ?? 0,
        showTopAd,
        capabilities,
      },
      { headers },
    );
  } catch (error) {
    // The shared layout's calls carry no request to redirect: their -3 arrives here.
    if (error instanceof ShopClosedError) return closedShop();
    throw error;
  }
}

/**
 * A document's root data lacks the chrome's content (ADR 027): the chrome's HTML is in the page.
 * Leaving a page that holds no such HTML (the auth layout, an error page), the root loads again,
 * so the main layout can render the footer and the category menu live.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
  defaultShouldRevalidate || (typeof document !== "undefined" && document.querySelector("[data-static-markup]") === null);

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const language = root?.language ?? fallbackLanguage;
  const { t } = useTranslation();
  const matches = useMatches();
  const siteName = root?.layout?.site.site_name || root?.siteName || t("siteNameFallback");
  // The router's errors by boundary route (Remix's <Meta> reads the same): an error page's own title.
  const errors = useContext(DataRouterStateContext)?.errors;
  const title = pageTitle(matches, t, errors);
  const nonce = useNonce();
  // A marker for tests: set once React has hydrated the document (never in the server HTML).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang={language} data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title ? `${title} - ${siteName}` : siteName}</title>
        {root?.layout?.site.seo_description ? <meta name="description" content={root.layout.site.seo_description} /> : null}
        {root?.layout?.site.seo_keywords ? <meta name="keywords" content={root.layout.site.seo_keywords} /> : null}
        <Meta />
        <DocumentStylesheet href={rootStylesheet} />
        <Links />
      </head>
      <body>
        {root?.toast ? <ToastMessage toast={root.toast} /> : null}
        {children}
        <InlineTranslations />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorBoundary error={error} />;
}
