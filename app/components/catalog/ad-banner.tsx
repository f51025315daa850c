import { linkProps } from "~/components/layout/link-props";

/** A full-width ad banner of a page (brand zone, coupon zone…). */
export function AdBanner({ banner }: { banner: { image: string; url: string; title: string } | null }) {
  if (!banner) return null;
  return (
    <a {...linkProps(banner.url)}>
      <img src={banner.image} alt={banner.title} className="wide-banner" />
    </a>
  );
}
