/**
 * Parts of a page rendered once per process and adopted by the browser from the document
 * (components/layout/static-markup.tsx) need their data only to render live, after a client-side
 * navigation. So a document's loader data carries a slim stand-in (ADR 027) and `.data` answers the
 * whole value. The server renders a document from the very objects its loaders returned, so it
 * finds the whole value again by the stand-in's identity; in the browser nothing is registered and
 * a value is its own whole.
 */
const slims = new WeakMap<object, object>();
const wholes = new WeakMap<object, object>();

/** The stand-in of `whole` in a document's loader data, made once per whole object. */
export function slimForDocument<T extends object>(whole: T, makeSlim: (whole: T) => T): T {
  let slim = slims.get(whole) as T | undefined;
  if (!slim) {
    slim = makeSlim(whole);
    slims.set(whole, slim);
    wholes.set(slim, whole);
  }
  return slim;
}

/** What a part rendered once renders from: the whole value behind a stand-in, else the value itself. */
export function wholeValue<T extends object>(value: T): T {
  return (wholes.get(value) as T | undefined) ?? value;
}
