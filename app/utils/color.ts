/**
 * Colours that arrive from the upstream (goods labels, promotion badges, the spec's default tag
 * colours) are kept, but text on them must stay readable (WCAG AA, 4.5:1): the preferred text
 * colour when it is readable enough, else black or white, whichever reads better.
 */
import { memoize } from "./memo";

const AA = 4.5;
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

// Memoized: cards and tags ask for the same few colours on every render.
const luminance = memoize(function luminance(color: string): number | null {
  const match = HEX.exec(color.trim());
  if (!match) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join("") : match[1];
  const [red, green, blue] = [0, 2, 4].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}, 256);

/** The WCAG contrast ratio of two #rgb/#rrggbb colours, or null when either is not one. */
export function contrastRatio(first: string, second: string): number | null {
  const [a, b] = [luminance(first), luminance(second)];
  if (a === null || b === null) return null;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** A text colour for `background`: `preferred` if it reaches 4.5:1 there, else black or white. */
export function legibleTextOn(background: string, preferred = "#ffffff"): string {
  const ratio = contrastRatio(background, preferred);
  if (ratio === null || ratio >= AA) return preferred;
  return (contrastRatio(background, "#000000") ?? 0) >= (contrastRatio(background, "#ffffff") ?? 0) ? "#000000" : "#ffffff";
}

/** A text colour on white: `color` when readable there, else undefined (the page's own colour). */
export function readableOnWhite(color: string | undefined): string | undefined {
  if (!color) return undefined;
  const ratio = contrastRatio(color, "#ffffff");
  return ratio !== null && ratio >= AA ? color : undefined;
}
