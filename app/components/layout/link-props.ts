import { safeHref } from "~/utils/safe-href";

/** Props for an upstream-configured link: only safe schemes; same-site paths stay in the tab, others open a new one. */
export function linkProps(url: string, newTab = false) {
  const href = safeHref(url);
  const external = /^(https?:)?\/\//i.test(href);
  return external || newTab ? { href, target: "_blank", rel: "noopener noreferrer" } : { href };
}
