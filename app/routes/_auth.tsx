import { Link, Outlet } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { useRootData } from "~/components/layout/root-data";

/** The auth layout of spec §2 (/login, /register, /find_pass): logo, page, footer copyright. */
export default function AuthLayout() {
  const { t } = useTranslation();
  const { layout } = useRootData();
  const site = layout?.site;
  return (
    <div className="auth-page">
      <header className="auth-header">
        <div className="ui-container auth-header__inner">
          <Link to="/index" className="header__logo" aria-label={site?.site_name}>
            {site?.logo ? <img src={site.logo} alt={site.site_name} width={150} height={50} /> : <span>{site?.site_name}</span>}
          </Link>
          <Link to="/index" className="ui-anchor ui-text-sm">
            {t("auth.backHome")}
          </Link>
        </div>
      </header>
      <main id="main" className="auth-main">
        <Outlet />
      </main>
      <footer className="auth-footer">
        <p>{layout?.copyright?.copyright_desc || t("footer.copyright", { name: layout?.copyright?.company_name || site?.site_name })}</p>
        {layout?.copyright?.icp ? <p>{layout.copyright.icp}</p> : null}
      </footer>
    </div>
  );
}
