import { useHydrated } from "remix-utils/use-hydrated";
import { FETCHER_FIELD } from "./action-schema";

/**
 * Marks a form's post as a fetcher's, once hydrated: the action then answers with data. Before
 * hydration (or without JS) the form posts natively without it and gets post/redirect/get.
 */
export function FetcherFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={FETCHER_FIELD} value="1" /> : null;
}
