import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/translation";
import { Button } from "./controls";

/**
 * A value the buyer may copy (order number, waybill number). Without JS it is plain selectable
 * text; once hydrated a copy button appears, and copying shows the spec §8 toast "Copied
 * successfully" (or a failure) for a few seconds. `label` names the value for screen readers.
 */
export function CopyText({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [result, setResult] = useState<"done" | "failed" | null>(null);
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), 3000);
    return () => window.clearTimeout(timer);
  }, [result]);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setResult("done"),
      () => setResult("failed"),
    );
  };
  return (
    <span className="ui-copy">
      <span className="ui-copy__text" data-testid={testId}>
        {text}
      </span>
      {hydrated ? (
        <Button type="button" size="xs" variant="subtle" onClick={copy} aria-label={t("copy.label", { name: label })}>
          {t("copy.action")}
        </Button>
      ) : null}
      {result ? (
        <span className="toast-region">
          <span role={result === "failed" ? "alert" : "status"} className="toast" data-kind={result === "failed" ? "error" : "success"}>
            {t(result === "done" ? "copy.done" : "copy.failed")}
          </span>
        </span>
      ) : null}
    </span>
  );
}
