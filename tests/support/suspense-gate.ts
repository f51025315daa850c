import type { ReactNode } from "react";

/** A part of a page that suspends until `release` is called: what is not ready with the shell. */
export function suspenseGate(content: ReactNode) {
  let release = () => {};
  const ready = new Promise<void>((resolve) => (release = resolve));
  let done = false;
  void ready.then(() => (done = true));
  function Late(): ReactNode {
    if (!done) throw ready;
    return content;
  }
  return { release, Late };
}
