import { IconPhone, IconQrcode } from "@tabler/icons-react";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Group } from "~/components/ui";
import { MiniCart } from "./mini-cart";
import type { ClientLayout } from "~/upstream/layout-view.server";
import { SearchBox } from "./search-box";

/** Logo, search, mini cart, phone and QR code (spec §2 "Header"). */
export function Header({ layout, cartCount, loggedIn }: { layout: ClientLayout; cartCount: number; loggedIn: boolean }) {
  const { t } = useTranslation();
  const { site } = layout;
  return (
    <header className="header">
      <div className="container header__inner">
        <Link to="/index" className="header__logo" aria-label={site.site_name}>
          {site.logo ? <img src={site.logo} alt={site.site_name} width={180} height={60} /> : <span>{site.site_name}</span>}
        </Link>
        <SearchBox placeholder={layout.searchPlaceholder} hotWords={layout.hotWords} />
        <Group gap="lg" nowrap className="header__aside">
          <MiniCart count={cartCount} loggedIn={loggedIn} />
          {site.phone ? (
            <div className="header__phone">
              <IconPhone size={18} aria-hidden />
              <span className="ui-text-sm">
                {t("header.phone")} <a href={`tel:${site.phone}`}>{site.phone}</a>
              </span>
            </div>
          ) : null}
          {layout.h5Qrcode ? (
            <details className="header__qrcode">
              <summary>
                <IconQrcode size={18} aria-hidden /> {t("header.mobileShop")}
              </summary>
              <img src={layout.h5Qrcode} alt={t("header.mobileShopQr")} width={120} height={120} loading="lazy" decoding="async" />
            </details>
          ) : null}
        </Group>
      </div>
    </header>
  );
}
