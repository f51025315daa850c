import { Notification } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/utils/toast.server";

const COLORS = { success: "green", error: "red", warning: "orange", info: "blue" } as const;

/**
 * The one flash message (spec §8): rendered by the server, dismissed by JS after a few seconds.
 * It is one live region, announced once: the notification itself is the `alert` (errors) or the
 * `status` (the rest); the wrapper only places it (Mantine's Notification is an alert by default,
 * so a wrapper with a role of its own made two nested live regions).
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
      <Notification role={toast.kind === "error" ? "alert" : "status"} color={COLORS[toast.kind]} withCloseButton={false} withBorder>
        {text}
      </Notification>
    </div>
  );
}
