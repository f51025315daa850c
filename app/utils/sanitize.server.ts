import sanitizeHtml from "sanitize-html";

/**
 * Upstream HTML (agreements, help, notices, goods descriptions) is sanitized here before any
 * dangerouslySetInnerHTML: formatting tags, images and links survive; scripts, event handlers,
 * iframes and javascript: URLs do not. Images load lazily.
 */
export function sanitizeUpstreamHtml(html: string): string {
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
      img: sanitizeHtml.simpleTransform("img", { loading: "lazy", decoding: "async" }),
    },
  });
}
