/**
 * What `npm run bench:vs-niushop` makes of its visits: medians per page and client, the ratios
 * Niushop's PC client ÷ the storefront, and the Markdown tables it prints (and docs/performance.md
 * quotes). Pure functions, so the arithmetic is tested apart from the browser.
 */

export const PAGE_NAMES = ["list", "goods", "cart"] as const;
export type PageName = (typeof PAGE_NAMES)[number];
export type Side = "storefront" | "niushop";

/** One cold visit of one page by one client. Times are ms from navigation start; null when never seen. */
export type Visit = {
  side: Side;
  javaScript: boolean;
  page: PageName;
  run: number;
  url: string;
  finalUrl: string;
  /** The document's HTTP status; null when the navigation failed (then `error` says why). */
  status: number | null;
  error: string | null;
  firstPriceMs: number | null;
  priceText: string | null;
  firstContentfulPaintMs: number | null;
  ttfbMs: number | null;
  loadMs: number | null;
  /** Every request the page made until it settled (load, then 500 ms without network activity). */
  requests: number;
  /** Bytes on the wire (headers and encoded bodies) of those requests. */
  transferredBytes: number;
  /** The same, had every text response that came uncompressed been gzipped. */
  transferredBytesIfGzipped: number;
  /** Requests the page had started when the price was seen. */
  requestsBeforePrice: number | null;
  /** Of `requests`, those to an `/api/` path: the upstream's API called from the browser. */
  apiCalls: number;
};

export type Summary = {
  page: PageName;
  side: Side;
  javaScript: boolean;
  visits: number;
  withPrice: number;
  firstPriceMs: number | null;
  firstPriceMinMs: number | null;
  firstPriceMaxMs: number | null;
  firstContentfulPaintMs: number | null;
  ttfbMs: number | null;
  /** The median TTFB ÷ the median first price: how much of the wait is the document's first byte. */
  ttfbShare: number | null;
  requests: number | null;
  requestsBeforePrice: number | null;
  transferredKB: number | null;
  transferredKBIfGzipped: number | null;
  apiCalls: number | null;
};

/** Niushop's PC client (JS on) ÷ the storefront with JS on or off: above 1, the storefront is ahead. */
export type Ratio = {
  page: PageName;
  storefrontJavaScript: boolean;
  firstPrice: number | null;
  /** Per round, Niushop's first price ÷ ours from the same round (visits a few seconds apart); their median. */
  firstPriceWithinRounds: number | null;
  firstContentfulPaint: number | null;
  requests: number | null;
  transferredBytes: number | null;
  transferredBytesIfGzipped: number | null;
};

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function known(values: (number | null)[]): number[] {
  return values.filter((value): value is number => value !== null);
}

function round(value: number | null, digits = 0): number | null {
  return value === null ? null : Number(value.toFixed(digits));
}

function divide(numerator: number | null, denominator: number | null, digits = 2): number | null {
  return numerator === null || denominator === null || denominator === 0 ? null : round(numerator / denominator, digits);
}

/** Medians per page, client and JS mode, in the order pages, then storefront JS on, JS off, Niushop JS on, JS off. */
export function summarise(visits: Visit[]): Summary[] {
  const groups = PAGE_NAMES.flatMap((page) =>
    (
      [
        ["storefront", true],
        ["storefront", false],
        ["niushop", true],
        ["niushop", false],
      ] as const
    ).map(([side, javaScript]) => ({ page, side, javaScript })),
  );
  return groups.flatMap(({ page, side, javaScript }) => {
    const group = visits.filter((visit) => visit.page === page && visit.side === side && visit.javaScript === javaScript);
    if (group.length === 0) return [];
    // Time to a price only over the visits that showed one; how many did is reported beside it.
    const priced = known(group.map((visit) => visit.firstPriceMs));
    const firstPriceMs = round(median(priced));
    const ttfbMs = round(median(known(group.map((visit) => visit.ttfbMs))));
    const kilobytes = (bytes: number | null) => (bytes === null ? null : round(bytes / 1024, 1));
    return [
      {
        page,
        side,
        javaScript,
        visits: group.length,
        withPrice: priced.length,
        firstPriceMs,
        firstPriceMinMs: round(priced.length ? Math.min(...priced) : null),
        firstPriceMaxMs: round(priced.length ? Math.max(...priced) : null),
        firstContentfulPaintMs: round(median(known(group.map((visit) => visit.firstContentfulPaintMs)))),
        ttfbMs,
        ttfbShare: divide(ttfbMs, firstPriceMs),
        requests: median(group.map((visit) => visit.requests)),
        requestsBeforePrice: median(known(group.map((visit) => visit.requestsBeforePrice))),
        transferredKB: kilobytes(median(group.map((visit) => visit.transferredBytes))),
        transferredKBIfGzipped: kilobytes(median(group.map((visit) => visit.transferredBytesIfGzipped))),
        apiCalls: median(group.map((visit) => visit.apiCalls)),
      },
    ];
  });
}

/**
 * Niushop's PC client with JS on against the storefront with JS on and with JS off, per page: the
 * ratio of the medians, and the median of each round's ratio, which a slow spell of the shared
 * machine touches on both sides of alike.
 */
export function ratios(summaries: Summary[], visits: Visit[]): Ratio[] {
  const find = (page: PageName, side: Side, javaScript: boolean) =>
    summaries.find((summary) => summary.page === page && summary.side === side && summary.javaScript === javaScript);
  const firstPriceOf = (page: PageName, side: Side, javaScript: boolean, run: number) =>
    visits.find((visit) => visit.page === page && visit.side === side && visit.javaScript === javaScript && visit.run === run)?.firstPriceMs ?? null;
  return PAGE_NAMES.flatMap((page) => {
    const theirs = find(page, "niushop", true);
    if (!theirs) return [];
    return [true, false].flatMap((javaScript) => {
      const ours = find(page, "storefront", javaScript);
      if (!ours) return [];
      const runs = [...new Set(visits.map((visit) => visit.run))];
      const withinRounds = known(runs.map((run) => divide(firstPriceOf(page, "niushop", true, run), firstPriceOf(page, "storefront", javaScript, run), 4)));
      return [
        {
          page,
          storefrontJavaScript: javaScript,
          firstPrice: divide(theirs.firstPriceMs, ours.firstPriceMs),
          firstPriceWithinRounds: round(median(withinRounds), 2),
          firstContentfulPaint: divide(theirs.firstContentfulPaintMs, ours.firstContentfulPaintMs),
          requests: divide(theirs.requests, ours.requests),
          transferredBytes: divide(theirs.transferredKB, ours.transferredKB),
          transferredBytesIfGzipped: divide(theirs.transferredKBIfGzipped, ours.transferredKBIfGzipped),
        },
      ];
    });
  });
}

const CLIENT_NAMES: Record<Side, string> = { storefront: "storefront", niushop: "Niushop PC" };

function cell(value: number | null, unit = ""): string {
  return value === null ? "—" : `${value}${unit}`;
}

/** The medians as a Markdown table. */
export function summaryTable(summaries: Summary[]): string {
  const lines = [
    "| page | client | JS | first price ms (min–max) | FCP ms | TTFB ms | TTFB ÷ first price | requests (before the price) | KB transferred (text gzipped) | browser API calls | visits with a price |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const summary of summaries) {
    const firstPrice = summary.firstPriceMs === null ? "no price" : `**${summary.firstPriceMs}** (${summary.firstPriceMinMs}–${summary.firstPriceMaxMs})`;
    const requests = summary.requestsBeforePrice === null ? cell(summary.requests) : `${cell(summary.requests)} (${summary.requestsBeforePrice})`;
    lines.push(
      `| ${summary.page} | ${CLIENT_NAMES[summary.side]} | ${summary.javaScript ? "on" : "off"} | ${firstPrice} | ${cell(summary.firstContentfulPaintMs)} | ${cell(summary.ttfbMs)} | ${cell(summary.ttfbShare)} | ${requests} | ${cell(summary.transferredKB)} (${cell(summary.transferredKBIfGzipped)}) | ${cell(summary.apiCalls)} | ${summary.withPrice}/${summary.visits} |`,
    );
  }
  return lines.join("\n");
}

/** The ratios as a Markdown table: Niushop's PC client (JS on) ÷ the storefront. */
export function ratioTable(rows: Ratio[]): string {
  const lines = [
    "| page | storefront JS | first price | first price, median of rounds | first contentful paint | requests | bytes | bytes, text gzipped |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.page} | ${row.storefrontJavaScript ? "on" : "off"} | **${cell(row.firstPrice, "×")}** | ${cell(row.firstPriceWithinRounds, "×")} | ${cell(row.firstContentfulPaint, "×")} | ${cell(row.requests, "×")} | ${cell(row.transferredBytes, "×")} | ${cell(row.transferredBytesIfGzipped, "×")} |`,
    );
  }
  return lines.join("\n");
}
