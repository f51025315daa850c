/** Just enough HTML reading for the probes (no parser dependency): hidden inputs of a page. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** name → value of every `<input name=… value=…>` (the first of each name). */
export function inputValues(html: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const tag of html.match(/<input\b[^>]*>/gi) ?? []) {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    const value = /\svalue="([^"]*)"/.exec(tag)?.[1] ?? "";
    if (name !== undefined && !values.has(decodeEntities(name))) values.set(decodeEntities(name), decodeEntities(value));
  }
  return values;
}

/** The HTML without the contents of its `<script>` elements (for attribute-level checks). */
export function withoutScripts(html: string): string {
  return html.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, "$1$2");
}

export type Tag = { name: string; attributes: Array<{ name: string; value: string }> };

/** Every start tag of the HTML outside scripts and comments, with its attributes (values decoded). */
export function startTags(html: string): Tag[] {
  const markup = withoutScripts(html).replace(/<!--[\s\S]*?-->/g, "");
  const tags: Tag[] = [];
  for (const match of markup.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g)) {
    const attributes: Tag["attributes"] = [];
    for (const attribute of match[2].matchAll(/\s+([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>"']+))?/g)) {
      const raw = attribute[2] ?? "";
      attributes.push({ name: attribute[1].toLowerCase(), value: decodeEntities(/^["']/.test(raw) ? raw.slice(1, -1) : raw) });
    }
    tags.push({ name: match[1].toLowerCase(), attributes });
  }
  return tags;
}
