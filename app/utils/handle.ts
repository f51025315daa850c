import { isRouteErrorResponse, type UIMatch } from "@remix-run/react";
import type { TFunction } from "~/i18n/translation";

/** What a route module may say about itself in `export const handle` (read by root and layouts). */
export type RouteHandle = {
  /** Translation namespaces the route's component uses (loaded before hydration). */
  i18n?: string[];
  /** The page title: a translation key, or a function of the route's data and t. */
  title?: string | ((data: unknown, t: TFunction) => string);
  /** Chrome variants of spec §2: a white page background, a full-width main area. */
  whiteBackground?: boolean;
  fullWidth?: boolean;
  /**
   * The document is the same for every visitor with the same URL, language and cookies, so
   * server.ts may answer visitors (never members) from a short micro-cache (ADR 014). Only for
   * pages whose loaders read nothing but the URL, the language and the member's absence.
   */
  visitorCache?: boolean;
  /**
   * What the side bar's "customer service" opens the chat about on this page (a goods or order
   * card to offer, docs/chat.md): e.g. an order page `chatTopic: (data) => ({ order: data.order.order_id })`.
   */
  chatTopic?: (data: unknown) => { goods?: number; order?: number } | undefined;
};

export function handleOf(match: UIMatch): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

/**
 * The deepest route's title, translated; when a route failed (`errors`: the router's errors by the
 * id of the route whose boundary shows them), the error's title, not the title of the page that was
 * not shown ("页面不存在", never "待支付" above a 404).
 */
export function pageTitle(matches: UIMatch[], t: TFunction, errors?: Record<string, unknown> | null): string {
  const failed = errors ? matches.find((match) => match.id in errors) : undefined;
  if (failed && errors) return t(`errors:title.${errorKey(errors[failed.id])}`);
  for (const match of [...matches].reverse()) {
    const { title } = handleOf(match);
    if (typeof title === "function") return title(match.data, t);
    if (typeof title === "string") return t(title);
  }
  return "";
}

const KNOWN = new Set([400, 403, 404, 405, 409, 415, 429, 500, 502, 503, 504]);

/** The translation key ("404", "default"…) of an error's title and body in the errors namespace. */
export function errorKey(error: unknown): string {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return KNOWN.has(status) ? String(status) : "default";
}
