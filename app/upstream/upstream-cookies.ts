/**
 * The upstream's own session cookie, kept for a visitor between the calls of one flow (the WeChat
 * login: Niushop keeps the scanned openid in its PHP session between `checklogin` and
 * `wechatLogin`, ADR 062). What the BFF keeps is only `name=value` pairs, as a `Cookie` header
 * would carry them; attributes (path, expiry, domain) are dropped: the jar lives no longer than
 * the flow, inside our encrypted session cookie, and goes only to the flow's calls.
 */

/** Cookie names and values the jar accepts: RFC 6265 tokens and cookie-octets, bounded. */
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;
const VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{0,256}$/;
/** At most this many cookies are kept (a PHP session needs one). */
const MAX_COOKIES = 4;

/** `a=1; b=2` → [["a","1"],["b","2"]], dropping anything malformed. */
function pairsOf(header: string | null): Array<[string, string]> {
  if (!header) return [];
  return header.split(";").flatMap((part) => {
    const pair = cookiePair(part);
    return pair ? [pair] : [];
  });
}

function cookiePair(text: string): [string, string] | null {
  const at = text.indexOf("=");
  if (at <= 0) return null;
  const name = text.slice(0, at).trim();
  const value = text.slice(at + 1).trim();
  return NAME.test(name) && VALUE.test(value) ? [name, value] : null;
}

/**
 * The jar after an answer: `previous` (a `Cookie` header value, or null) with each `Set-Cookie`
 * of the answer applied (a new value replaces the old one of that name; an empty value or a past
 * expiry removes it). Null when nothing is left.
 */
export function mergeSetCookies(previous: string | null, setCookies: readonly string[]): string | null {
  const jar = new Map(pairsOf(previous));
  for (const header of setCookies) {
    const [first = "", ...attributes] = header.split(";");
    const pair = cookiePair(first);
    if (!pair) continue;
    const expired = attributes.some((attribute) => {
      const [key = "", ...rest] = attribute.split("=");
      const value = rest.join("=").trim();
      const name = key.trim().toLowerCase();
      return (name === "max-age" && Number(value) <= 0) || (name === "expires" && Date.parse(value) < Date.now());
    });
    if (expired || pair[1] === "") jar.delete(pair[0]);
    else {
      jar.delete(pair[0]); // re-inserted last: the newest cookies survive the bound
      jar.set(pair[0], pair[1]);
    }
  }
  const kept = [...jar].slice(-MAX_COOKIES);
  return kept.length ? kept.map(([name, value]) => `${name}=${value}`).join("; ") : null;
}
