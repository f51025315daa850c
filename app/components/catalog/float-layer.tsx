import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { NoJsRedirect } from "~/components/no-js-redirect";
import { linkProps } from "~/components/layout/link-props";
import { CloseButton } from "~/components/ui";

/**
 * The home float layer (spec §4): an image over the page with a close button. With JS the close
 * is a fetcher and the layer is gone from the moment it is pressed, for good on this page (also
 * when the revalidation after the close still lists it); without JS the post comes back to the
 * home page. Either way the close is remembered for the rest of the visit (see float-layer.server).
 */
export function FloatLayerBanner({ image, url, title, window }: { image: string; url: string; title: string; window: string }) {
  const { t } = useTranslation("catalog");
  const fetcher = useFetcher<{ closed: boolean }>({ key: `float-layer-${window}` });
  if (fetcher.formData || fetcher.data?.closed) return null;
  return (
    <div className="float-layer" role="dialog" aria-label={title || t("home.floatLayer")}>
      <div className="float-layer__box">
        <a {...linkProps(url, true)}>
          <img src={image} alt={title || t("home.floatLayer")} width={400} height={500} />
        </a>
        <fetcher.Form method="post" action="/float-layer" className="float-layer__close">
          <input type="hidden" name="window" value={window} />
          <NoJsRedirect to="/index" />
          <CloseButton type="submit" className="float-layer__close" aria-label={t("home.closeFloatLayer")} />
        </fetcher.Form>
      </div>
    </div>
  );
}
