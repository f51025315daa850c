import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The goods images: one large image and the thumbnails. Thumbnails are links to `?img=N`
 * (1-based), so without JS the server renders the chosen image; with JS a click only swaps it.
 */
export function Gallery({ images, initial, name, fallback }: { images: string[]; initial: number; name: string; fallback: string }) {
  const { t } = useTranslation("goods");
  const hydrated = useHydrated();
  const location = useLocation();
  const [selected, setSelected] = useState(initial);
  const list = images.length ? images : fallback ? [fallback] : [];
  const current = list[Math.min(selected, list.length - 1)] ?? "";
  const hrefFor = (index: number) => {
    const params = new URLSearchParams(location.search);
    params.set("img", String(index + 1));
    params.delete("qr");
    return `?${params}`;
  };

  return (
    <section className="goods-gallery" aria-label={t("detail.gallery")}>
      <div className="goods-gallery__main">{current ? <img src={current} alt={name} width={400} height={400} /> : null}</div>
      {list.length > 1 ? (
        <ul className="goods-gallery__thumbs">
          {list.map((image, index) => (
            <li key={`${image}-${index}`}>
              <Link
                to={hrefFor(index)}
                replace
                preventScrollReset
                aria-current={index === selected ? "true" : undefined}
                aria-label={t("detail.showImage", { index: index + 1 })}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault(); // no round trip: the loader has nothing new to say
                  setSelected(index);
                }}
              >
                <img src={image} alt="" width={64} height={64} loading="lazy" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
