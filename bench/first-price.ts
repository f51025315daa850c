/**
 * "First price visible", measured the same way on any page, JS on or off, ours or Niushop's PC client:
 * the time, from navigation start (`performance.timeOrigin`), of the first animation frame in which
 * the document shows a price. A price is the closest element (the text node's parent or up to two
 * levels above it) whose text reads a yuan sign then a digit (`¥12.00`, `￥ 12`, or `<em>¥</em>12.00`
 * split over children); shown means its box is at least 1×1 px, lies (partly) inside the viewport,
 * and CSS hides neither it nor an ancestor (`display`, `visibility`, `opacity: 0`, checked by
 * `checkVisibility`). Text in `<script>`, `<style>`, `<template>`, `<noscript>`, form controls and
 * attributes (placeholders) never counts. Being covered by another element is not checked.
 *
 * The check runs in `requestAnimationFrame`, which Chromium does not run before the first frame it
 * may render (it waits for render-blocking stylesheets): the time is that of the frame that paints
 * the price, taken just before its paint (so a few ms before the paint-timing entries of the same
 * frame, such as first-contentful-paint).
 *
 * The probe runs in an isolated world of its own (CDP `Page.addScriptToEvaluateOnNewDocument` with a
 * `worldName`), which Chromium runs even when the page's scripts are disabled, and so also for
 * `javaScriptEnabled: false`; the page's own scripts cannot see or disturb it. It reports once, through
 * a CDP binding, as JSON: `{ at, text }` (ms since navigation start, and the price's text).
 *
 * Plain JavaScript in a string: a function's `toString()` under tsx may carry helpers (`__name`) that
 * do not exist in the page.
 */
import type { CDPSession } from "@playwright/test";
import { z } from "zod";

export const PROBE_WORLD = "vs-niushop-probe";
export const PROBE_BINDING = "__vsNiushopFirstPrice";

export const FIRST_PRICE_PROBE = `(() => {
  const report = globalThis[${JSON.stringify(PROBE_BINDING)}];
  const PRICE = /[¥￥]\\s*\\d/;
  const SIGN = /[¥￥]/;
  const NOT_SHOWN = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "TEXTAREA", "OPTION", "TITLE"]);
  const priceElementOf = (text) => {
    let element = text.parentElement;
    for (let depth = 0; element && depth < 3; depth += 1, element = element.parentElement) {
      if (PRICE.test(element.textContent)) return element;
    }
    return null;
  };
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return false;
    if (box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth) return false;
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const shownPrice = () => {
    if (!document.body) return null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!SIGN.test(text.data) || !text.parentElement || NOT_SHOWN.has(text.parentElement.tagName)) continue;
      const element = priceElementOf(text);
      if (element && shown(element)) return element;
    }
    return null;
  };
  const frame = () => {
    const price = shownPrice();
    if (price) report(JSON.stringify({ at: performance.now(), text: price.textContent.replace(/\\s+/g, " ").trim().slice(0, 60) }));
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

const FirstPriceSchema = z.object({ at: z.number().nonnegative(), text: z.string() });
export type FirstPrice = z.infer<typeof FirstPriceSchema>;

/**
 * Installs the probe for every document the page opens next, and calls `onPrice` when one reports.
 * Call before navigating; `cdp` is a session of that page.
 */
export async function installFirstPriceProbe(cdp: CDPSession, onPrice: (price: FirstPrice) => void): Promise<void> {
  cdp.on("Runtime.bindingCalled", (event) => {
    if (event.name === PROBE_BINDING) onPrice(FirstPriceSchema.parse(JSON.parse(event.payload)));
  });
  await cdp.send("Runtime.enable");
  await cdp.send("Runtime.addBinding", { name: PROBE_BINDING, executionContextName: PROBE_WORLD });
  await cdp.send("Page.enable");
  await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: FIRST_PRICE_PROBE, worldName: PROBE_WORLD });
}
