import sanitizeHtml from "sanitize-html";

/** The upstream paths the BFF's /media proxy serves (server.ts). */
const MEDIA_PATH = /^(upload|public|static)\/[\w\-./]+$/;

/**
 * An image source of upstream HTML as the page may load it: the upstream's own images (relative
 * `upload/…` paths or absolute URLs on the upstream) through the /media proxy, inline `data:image/`
 * as they are; null for anything else (another site's image would tell it who reads the page, and
 * the CSP would block it anyway).
 */
export function upstreamImageSrc(src: string, upstreamUrl: string): string | null {
  const value = src.trim();
  if (/^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(value)) return value;
  const base = new URL(upstreamUrl.replace(/\/?$/, "/"));
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null; // a query or fragment is not the proxy's
  const path = decodeURIComponent(url.pathname.slice(base.pathname.length));
  return MEDIA_PATH.test(path) && !path.split("/").includes("..") ? `/media/${path}` : null;
}

/**
 * Upstream HTML (agreements, help, notices, goods descriptions) is sanitized here before any
 * dangerouslySetInnerHTML: formatting tags, images and links survive; scripts, event handlers,
 * iframes and javascript: URLs do not. Images load lazily, from our own origin only
 * (upstreamImageSrc): an image from anywhere else is dropped.
 */
export function sanitizeUpstreamHtml(html: string, upstreamUrl: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "span", "font", "u", "s", "video", "source"],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      "*": ["style", "class", "align"],
      img: ["src", "alt", "width", "height", "style", "loading", "decoding"],
      a: ["href", "name", "target", "rel"],
      font: ["color", "size"],
      video: ["src", "controls", "width", "height", "poster"],
      source: ["src", "type"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowedStyles: {
      "*": {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
        "background-color": [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
        "font-size": [/^\d+(\.\d+)?(px|em|rem|%)$/],
        "font-weight": [/^(bold|normal|\d{3})$/],
        "text-align": [/^(left|right|center|justify)$/],
        "text-decoration": [/^[a-z\s-]+$/],
      },
    },
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
      // Upstream HTML sits below the fold (descriptions, help): its images wait until scrolled to.
      img: (tagName, attribs) => {
        const src = attribs.src === undefined ? null : upstreamImageSrc(attribs.src, upstreamUrl);
        // Without a kept source the exclusiveFilter below drops the image.
        return { tagName, attribs: src === null ? {} : { ...attribs, src, loading: "lazy", decoding: "async" } };
      },
    },
    // An image whose source was not kept is dropped whole.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
}
