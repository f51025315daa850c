import type { TFunction } from "~/i18n/translation";

/**
 * Form errors are translation keys ("validation:required") or upstream messages marked with
 * "upstream:" (shown as the shop API wrote them). This is the one place that widens the key type.
 */
export const UPSTREAM_PREFIX = "upstream:";

export function upstreamError(message: string): string {
  return `${UPSTREAM_PREFIX}${message}`;
}

export function errorText(t: TFunction, error: string): string {
  if (error.startsWith(UPSTREAM_PREFIX)) return error.slice(UPSTREAM_PREFIX.length);
  const [key, ...rest] = error.split("|");
  const options = rest.length ? Object.fromEntries(rest.map((pair) => pair.split("="))) : undefined;
  return String(t(key, options));
}

export function errorsText(t: TFunction, errors: string[] | undefined): string | undefined {
  return errors?.length ? errors.map((error) => errorText(t, error)).join(" ") : undefined;
}

/** A form error as toast content: our key, or the upstream's own text. */
export function toastContent(error: string): { key?: string; text?: string } {
  return error.startsWith(UPSTREAM_PREFIX) ? { text: error.slice(UPSTREAM_PREFIX.length) } : { key: error };
}
