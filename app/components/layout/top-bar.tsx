import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Group } from "~/components/ui";
import { useRootData } from "~/components/layout/root-data";
import { LanguageSwitch } from "./language-switch";
import { SwitchAccountLink } from "./switch-account-link";
import { loginUrlTo } from "~/utils/safe-redirect";

/** The bar's links, in order: where each goes and its text's key. */
const LINKS = [
  ["/index", "home"],
  ["/member/order_list", "myOrders"],
  ["/member/footprint", "footprint"],
  ["/member/collection", "collection"],
  ["/cms/help", "help"],
  ["/cms/notice", "notice"],
] as const;

/** The thin bar above the header: greeting or login/register, account switch, logout, links. */
export function TopBar() {
  const { t } = useTranslation();
  const { member, capabilities } = useRootData();
  const location = useLocation();
  // A visitor's login link comes back to this page.
  const here = `${location.pathname}${location.search}`;
  const loginHref = loginUrlTo(here);

  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <Group gap="sm">
          {member ? (
            <>
              <span>{t("topBar.hello", { name: member.nickname })}</span>
              {capabilities.switchAccount ? <SwitchAccountLink /> : null}
              <Form method="post" action="/logout" className="inline-form">
                <button type="submit" className="top-bar__link">
                  {t("topBar.logout")}
                </button>
              </Form>
            </>
          ) : (
            <>
              <span>{t("topBar.welcome")}</span>
              <Link to={loginHref} className="top-bar__link top-bar__link--accent">
                {t("topBar.login")}
              </Link>
              <Link to="/register" className="top-bar__link">
                {t("topBar.register")}
              </Link>
            </>
          )}
        </Group>
        <nav aria-label={t("topBar.label")}>
          <Group gap="md">
            {LINKS.map(([to, key]) => (
              <Link key={to} to={to} className="top-bar__link">
                {t(`topBar.${key}`)}
              </Link>
            ))}
            <a href="/desktop-shortcut.url" download className="top-bar__link">
              {t("topBar.saveToDesktop")}
            </a>
            <LanguageSwitch />
          </Group>
        </nav>
      </div>
    </div>
  );
}
