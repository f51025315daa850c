import { cached, type CachePolicy } from "~/utils/cache.server";
import { log } from "~/utils/log.server";
import { sharedContext } from "./context.server";

/**
 * Tiny chrome images written into the HTML as data URIs (ADR 027): the footer's service,
 * certificate, platform and friendly-link icons, its mini-program QR code and the category menu's
 * icons are the same on every page and a few hundred bytes each, yet each cost a request (issue 8:
 * ≤ 30 requests on a first load, lazy images included). They sit in the chrome rendered once, so
 * inlining costs no render time, only their bytes in each page (SVG as text compresses well).
 *
 * Only upstream media paths (`upload/…`, `public/…`, `static/…`, what the /media proxy serves),
 * only `image/*` answers and only up to MAX_BYTES; anything else, or a failed fetch, keeps its
 * /media URL. The answers are cached like the layout they belong to.
 */
export const MAX_BYTES = 4096;
const IMAGES: CachePolicy = { ttlMs: 60_000, staleMs: 10 * 60_000 };
const MEDIA_PATH = /^(?:upload|public|static)\/[\w\-./]+$/;

/**
 * What an SVG data URI in an HTML attribute must escape: the URL's own `%` and `#`, what HTML
 * would write as an entity (`" ' < > &`) and control characters (a URL parser drops tabs and
 * newlines). Spaces and non-ASCII text stay as they are (the page is UTF-8 and the URL parser
 * encodes them itself), which halves the bytes `encodeURIComponent` gave every page.
 */
const SVG_URI_ESCAPES = /[%#"'<>&]|[^ -~\u0080-\uffff]/g; // the second class: controls and DEL

/** A data URI for bytes of an image type: SVG as text, anything else in base64. */
export function toDataUri(type: string, bytes: Buffer): string {
  const mime = type.split(";")[0].trim().toLowerCase();
  if (mime === "image/svg+xml") {
    const text = bytes.toString("utf8").replace(SVG_URI_ESCAPES, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
    return `data:image/svg+xml,${text}`;
  }
  return `data:${mime};base64,${bytes.toString("base64")}`;
}

async function fetchInline(path: string): Promise<string | null> {
  const { baseUrl, timeoutMs } = sharedContext();
  try {
    const answer = await fetch(new URL(path, baseUrl.replace(/\/?$/, "/")), { signal: AbortSignal.timeout(timeoutMs) });
    const type = answer.headers.get("content-type") ?? "";
    const length = Number(answer.headers.get("content-length") ?? 0);
    if (!answer.ok || !/^image\//i.test(type) || length > MAX_BYTES) {
      await answer.body?.cancel();
      return null;
    }
    const bytes = Buffer.from(await answer.arrayBuffer());
    return bytes.length <= MAX_BYTES ? toDataUri(type, bytes) : null;
  } catch (error) {
    log("inline_image_failed", { path, message: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

export type InlineImages = Readonly<Record<string, string>>;

/**
 * The data URIs of those of `paths` that are tiny upstream images, by path. The same object while
 * the cache holds it (the layout's identity depends on it: site.server getLayoutData).
 */
export function inlineImages(paths: string[]): Promise<InlineImages> {
  const wanted = [...new Set(paths.filter((path) => MEDIA_PATH.test(path) && !path.includes("..")))].sort();
  return cached(`inline-images:${wanted.join("|")}`, IMAGES, async () => {
    const uris = await Promise.all(wanted.map(fetchInline));
    const found: Record<string, string> = {};
    wanted.forEach((path, index) => {
      const uri = uris[index];
      if (uri) found[path] = uri;
    });
    return found;
  });
}
