/**
 * In the browser: what the server wrote into the document under `attribute="key"` (an inlined
 * stylesheet, a part rendered once per process), read the first time a key is asked and kept, so
 * a later client-side render draws the same text after the element it came from has been replaced.
 */
export function documentAdopter(element: string, attribute: string, read: (found: Element) => string | null): (key: string) => string | undefined {
  const adopted = new Map<string, string>();
  return (key) => {
    let text = adopted.get(key);
    if (text === undefined) {
      const found = document.querySelector(`${element}[${attribute}="${CSS.escape(key)}"]`);
      text = (found && read(found)) ?? undefined;
      if (text !== undefined) adopted.set(key, text);
    }
    return text;
  };
}
