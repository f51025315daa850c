import { Outlet, useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { ChatLauncher } from "~/components/chat/chat-launcher";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { NavBar } from "~/components/layout/nav-bar";
import { SideBar } from "~/components/layout/side-bar";
import { TopAd } from "~/components/layout/top-ad";
import { TopBar } from "~/components/layout/top-bar";
import { handleOf } from "~/utils/handle";
import { useRootData } from "~/components/layout/root-data";

/** The main layout of spec §2: top ad, top bar, header, nav bar, side bar, footer. */
export default function MainLayout() {
  const { t } = useTranslation();
  const { layout, member, cartCount, showTopAd } = useRootData();
  const matches = useMatches();
  const location = useLocation();
  if (!layout) return <Outlet />; // closed shop: root sends everything to /closed anyway
  const handles = matches.map(handleOf);
  const white = handles.some((handle) => handle.whiteBackground);
  const fullWidth = handles.some((handle) => handle.fullWidth);
  const onHome = location.pathname === "/index";
  // The chat opens about the page's goods or order (a card to offer): the goods page by its data,
  // other pages by their handle's chatTopic.
  const topicMatch = [...matches].reverse().find((match) => handleOf(match).chatTopic || match.id === "routes/_main.$slug");
  const chatTopic = topicMatch
    ? (handleOf(topicMatch).chatTopic?.(topicMatch.data) ?? { goods: (topicMatch.data as { goods?: { skuId?: number } } | undefined)?.goods?.skuId })
    : undefined;

  return (
    <div id="top" className={white ? "page page--white" : "page"}>
      <a href="#main" className="skip-link">
        {t("layout.skipToContent")}
      </a>
      {showTopAd && layout.topAd ? <TopAd ad={layout.topAd} /> : null}
      <TopBar />
      <Header layout={layout} cartCount={cartCount} loggedIn={Boolean(member)} />
      <NavBar layout={layout} expanded={onHome && layout.categoryMenuExpandedOnHome} />
      <main id="main" className={fullWidth ? "main main--full" : "main container"}>
        <Outlet />
      </main>
      <SideBar cartCount={cartCount} servicer={layout.servicer} loggedIn={Boolean(member)} chatTopic={chatTopic} />
      {member && layout.servicer.type === "niushop" ? <ChatLauncher /> : null}
      <Footer layout={layout} />
    </div>
  );
}
