import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";

/** Copies `text` (spec §8 "Copied successfully"). Rendered only once hydrated: without JS the text itself is selectable. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation("checkout");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<null | boolean>(null);
  if (!hydrated) return null;
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <>
      <Button type="button" size="xs" variant="subtle" onClick={copy}>
        {t("result.copy")}
      </Button>
      <span role="status" className="ui-dimmed">
        {copied === true ? t("result.copied") : copied === false ? t("result.copyFailed") : ""}
      </span>
    </>
  );
}
