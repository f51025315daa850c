import { ServerOnly } from "remix-utils/server-only";

/**
 * A hidden `redirect` field that exists only in server-rendered HTML: a form posted without JS
 * carries it and gets post/redirect/get; once hydrated, fetchers post without it and get data.
 */
export function NoJsRedirect({ to, form }: { to: string; form?: string }) {
  return <ServerOnly>{() => <input type="hidden" name="redirect" value={to} form={form} />}</ServerOnly>;
}
