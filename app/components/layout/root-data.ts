import { useRouteLoaderData } from "@remix-run/react";
import type { Language } from "~/i18n/config";
import type { ChromeCapabilities } from "~/upstream/capabilities.server";
import type { ClientLayout } from "~/upstream/layout-view.server";
import type { Toast } from "~/utils/toast.server";

/**
 * What the root loader gives every page: the language, a pending toast, the chrome's layout data
 * (null when the shop is closed or the upstream already failed in this request, when `siteName`
 * names the site from what the BFF last saw), the member's bar and which optional features the
 * chrome may link to. Declared here, below the routes, so the chrome's components read it without
 * importing the root route (docs/architecture.md "Layers").
 */
export type RootData = {
  language: Language;
  toast: Toast | null;
  layout: ClientLayout | null;
  siteName?: string;
  member: { nickname: string; username: string } | null;
  cartCount: number;
  showTopAd: boolean;
  capabilities: ChromeCapabilities;
};

/** The root loader's data; the main layout needs it on every page. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("root data is missing");
  return data;
}
