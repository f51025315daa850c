import { IconQrcode } from "@tabler/icons-react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { ToastMessage } from "~/components/toast-message";

export type QrActionData = { qr: string } | { qrError: string };

/**
 * The goods' QR code (buy on mobile). Without JS a link to `?qr=1`: the server renders the code,
 * or sends the failure as the flash toast. With JS the same link fetches it in place (a POST
 * intent that only reads) and a failure shows as a toast (spec §8).
 */
export function QrCode({ skuId, serverImage }: { skuId: number; serverImage: string | null }) {
  const { t } = useTranslation("goods");
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<QrActionData>({ key: `goods-qrcode-${skuId}` });
  const data = fetcher.data;
  const image = data && "qr" in data ? data.qr : serverImage;
  const toast = useMemo(() => (data && "qrError" in data ? { kind: "error" as const, text: data.qrError } : null), [data]);
  const params = new URLSearchParams(location.search);
  params.set("qr", "1");

  return (
    <div className="goods-qrcode" id="qrcode">
      <Link
        to={`?${params}#qrcode`}
        preventScrollReset
        className="goods-qrcode__toggle"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          fetcher.submit({ intent: "qrcode" }, { method: "post" });
        }}
      >
        <IconQrcode size={16} aria-hidden /> {t("detail.qrcode")}
      </Link>
      {image ? <img src={image} alt={t("detail.qrcodeAlt")} width={140} height={140} className="goods-qrcode__image" /> : null}
      {toast ? <ToastMessage toast={toast} /> : null}
    </div>
  );
}
