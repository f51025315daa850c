import { linkProps } from "~/components/layout/link-props";

/** A full-width ad banner of a page (brand zone, coupon zone…). */
export function AdBanner({ banner }: { banner: { image: string; url: string; title: string; width: number; height: number } | null }) {
  if (!banner) return null;
  return (
    <a {...linkProps(banner.url)}>
      <img src={banner.image} alt={banner.title} width={banner.width} height={banner.height} className="wide-banner" />
    </a>
  );
}
