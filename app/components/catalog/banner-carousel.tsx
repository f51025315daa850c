import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/translation";
import { linkProps } from "~/components/layout/link-props";

export type CarouselBanner = { id: number; title: string; image: string; url: string; background: string; width: number; height: number };

/** How long a slide stays before the next one (the PC template's carousel interval). */
export const SLIDE_MS = 5000;

/**
 * The home page carousel (the NS_PC_INDEX position, "PC端首页轮播"): one banner at a time on a band
 * of its background colour. Without JS it is a scroll-snapped strip and the dots are anchors to the
 * slides. With JS the slides advance on their own every SLIDE_MS, and stop while the pointer or
 * the focus is in the carousel or after the pause button (WCAG 2.2.2). Only the first banner loads
 * with the page; the others are lazy and load as they come into view (docs/performance.md).
 */
export function BannerCarousel({ banners }: { banners: CarouselBanner[] }) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  // Without JS every slide's link stays in the tab order (the dots only scroll); with JS only the
  // shown one, the dots bring the others.
  const hydrated = useHydrated();

  const show = (index: number) => {
    const track = trackRef.current;
    if (track) track.scrollTo({ left: index * track.clientWidth, behavior: "smooth" });
  };

  useEffect(() => {
    if (banners.length < 2 || paused || hovered) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") show((readActive(trackRef.current) + 1) % banners.length);
    }, SLIDE_MS);
    return () => clearInterval(timer);
  }, [banners.length, paused, hovered]);

  if (banners.length === 0) return null;
  return (
    <section
      className="banner-carousel"
      aria-roledescription={t("home.carousel")}
      aria-label={t("home.banners")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHovered(false);
      }}
    >
      <div className="banner-carousel__track" ref={trackRef} onScroll={(event) => setActive(readActive(event.currentTarget))}>
        {banners.map((banner, index) => (
          <div
            key={banner.id}
            id={`banner-${banner.id}`}
            className="banner-carousel__slide"
            role="group"
            aria-roledescription={t("home.slide")}
            aria-label={t("home.slideOf", { index: index + 1, total: banners.length })}
            style={{ backgroundColor: banner.background || undefined }}
          >
            <a {...linkProps(banner.url)} tabIndex={hydrated && index !== active ? -1 : undefined}>
              <img
                src={banner.image}
                alt={banner.title}
                width={banner.width}
                height={banner.height}
                {...(index === 0 ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const })}
              />
            </a>
          </div>
        ))}
      </div>
      {banners.length > 1 ? (
        <div className="banner-carousel__controls">
          {/* Hidden where scripts do not run (app.css): there is nothing to pause. Rendered by the
              server, not added after hydration, so hydration changes no markup. */}
          <button type="button" className="banner-carousel__pause" aria-pressed={paused} onClick={() => setPaused(!paused)}>
            {paused ? t("home.play") : t("home.pause")}
          </button>
          <ul className="banner-carousel__dots">
            {banners.map((banner, index) => (
              <li key={banner.id}>
                <a
                  href={`#banner-${banner.id}`}
                  aria-label={t("home.showSlide", { index: index + 1 })}
                  aria-current={index === active ? "true" : undefined}
                  onClick={(event) => {
                    // With JS the strip scrolls in place; without, the anchor scrolls it to the slide.
                    event.preventDefault();
                    show(index);
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function readActive(track: HTMLDivElement | null): number {
  return track && track.clientWidth > 0 ? Math.round(track.scrollLeft / track.clientWidth) : 0;
}
