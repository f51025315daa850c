import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { ClientLayout } from "~/upstream/layout-view.server";
import { CloseButton } from "~/components/ui";
import { NoJsRedirect } from "~/components/no-js-redirect";
import { linkProps } from "./link-props";

/** The 70 px banner above the header (NS_PC_INDEX_TOP), closable with or without JS. */
export function TopAd({ ad }: { ad: NonNullable<ClientLayout["topAd"]> }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.formData) return null; // closed: hide at once
  return (
    <div className="top-ad" style={{ backgroundColor: ad.background || undefined }}>
      <a {...linkProps(ad.adv_url.url)} className="top-ad__link">
        <img src={ad.adv_image} alt={ad.adv_title || t("layout.topAd")} height={70} width={1210} />
      </a>
      <fetcher.Form method="post" action="/top-ad" className="top-ad__close">
        <NoJsRedirect to={`${location.pathname}${location.search}`} />
        <CloseButton type="submit" aria-label={t("layout.closeAd")} />
      </fetcher.Form>
    </div>
  );
}
