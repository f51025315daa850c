import { useHydrated } from "remix-utils/use-hydrated";

/**
 * Set (to "1") by the follow and coupon forms once hydrated, when they post as fetchers: the action
 * then answers with data instead of post/redirect/get. Plain posts (no JS) never carry it.
 */
export const FETCHER_FIELD = "_fetcher";

/**
 * Marks a form's post as a fetcher's, once hydrated: the action then answers with data. Before
 * hydration (or without JS) the form posts natively without it and gets post/redirect/get.
 */
export function FetcherFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={FETCHER_FIELD} value="1" /> : null;
}
