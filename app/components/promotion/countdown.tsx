import { useEffect, useState } from "react";
import { formatCountdown } from "~/domain/countdown";
import { useTranslation } from "~/i18n/translation";

/**
 * Time left, rendered by the server from the upstream's clock and ticked once a second after
 * hydration (the page's only island; without JS the server's figure stands). The tick counts from
 * when the page arrived, so a slow network costs at most the transfer time.
 */
export function Countdown({ seconds, label }: { seconds: number; label: string }) {
  const { t } = useTranslation("promotion");
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    // A new figure from the server (revalidation) restarts the count; the next tick shows it.
    const endsAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const next = Math.max(0, Math.round((endsAt - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return (
    <p className="seckill-countdown" data-testid="seckill-countdown">
      <span>{label}</span> {/* role=timer is polite by default; its ticks are not announced */}
      <time role="timer" dateTime={`PT${left}S`} className="seckill-countdown__time">
        {formatCountdown(left, (days) => t("countdownDays", { days }))}
      </time>
    </p>
  );
}
