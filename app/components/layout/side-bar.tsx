import { useWindowScroll } from "@mantine/hooks";
import { IconArrowUp, IconClipboardList, IconFootsteps, IconHeadset, IconHeart, IconTicket } from "@tabler/icons-react";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { CartLink } from "./cart-link";
import { ChatLink, type ChatTopic } from "~/components/chat/chat-launcher";
import type { ClientLayout } from "~/upstream/layout-view.server";

/** spec §9: back-to-top appears after 300 px of scrolling. */
export const BACK_TO_TOP_AFTER_PX = 300;

/** The fixed right-hand bar (spec §2 "Side bar"). */
export function SideBar({
  cartCount,
  servicer,
  loggedIn,
  chatTopic,
}: {
  cartCount: number;
  servicer: ClientLayout["servicer"];
  loggedIn: boolean;
  /** The goods or order the chat opens about on this page (a card to offer). */
  chatTopic?: ChatTopic;
}) {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  const hydrated = useHydrated();
  // Without JS the link is always there (a plain #top anchor); with JS only after 300 px.
  const showBackToTop = !hydrated || scroll.y > BACK_TO_TOP_AFTER_PX;

  return (
    <aside className="side-bar" aria-label={t("sideBar.label")}>
      <CartLink className="side-bar__item" label={t("sideBar.cart")} count={cartCount} testId="side-cart-count" />
      <SideLink to="/member/order_list" label={t("sideBar.orders")} icon={<IconClipboardList size={20} aria-hidden />} />
      <SideLink to="/member/footprint" label={t("sideBar.footprint")} icon={<IconFootsteps size={20} aria-hidden />} />
      <SideLink to="/member/collection" label={t("sideBar.follows")} icon={<IconHeart size={20} aria-hidden />} />
      <SideLink to="/member/my_coupon" label={t("sideBar.coupons")} icon={<IconTicket size={20} aria-hidden />} />
      {servicer.type === "third" && servicer.third_url ? (
        <a href={servicer.third_url} target="_blank" rel="noopener noreferrer" className="side-bar__item">
          <IconHeadset size={20} aria-hidden />
          <span>{t("sideBar.service")}</span>
        </a>
      ) : servicer.type !== "none" ? (
        <ChatLink topic={chatTopic} loggedIn={loggedIn} className="side-bar__item">
          <IconHeadset size={20} aria-hidden />
          <span>{t("sideBar.service")}</span>
        </ChatLink>
      ) : null}
      {showBackToTop ? (
        <a
          href="#top"
          className="side-bar__item side-bar__top"
          onClick={(event) => {
            event.preventDefault();
            scrollTo({ y: 0 });
          }}
        >
          <IconArrowUp size={20} aria-hidden />
          <span>{t("sideBar.backToTop")}</span>
        </a>
      ) : null}
    </aside>
  );
}

function SideLink({ to, label, icon }: { to: string; label: string; icon: React.ReactNode }) {
  return (
    <Link to={to} className="side-bar__item">
      {icon}
      <span>{label}</span>
    </Link>
  );
}
