import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import type { Toast } from "~/utils/toast.server";

/**
 * The one flash message (spec §8): rendered by the server, dismissed by JS after a few seconds.
 * It is one live region, announced once: the notification itself is the `alert` (errors) or the
 * `status` (the rest); the wrapper only places it (a wrapper with a role of its own would make two nested live regions).
 */
export function ToastMessage({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  // Each new toast shows until its own timer dismisses it.
  const [dismissed, setDismissed] = useState<Toast | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDismissed(toast), 4000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (dismissed === toast) return null;
  const text = toast.text || (toast.key ? t(toast.key) : "");
  return (
    <div className="toast-region">
      <p role={toast.kind === "error" ? "alert" : "status"} className="toast" data-kind={toast.kind}>
        {text}
      </p>
    </div>
  );
}
