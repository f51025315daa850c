/** The arithmetic of `npm run bench:vs-niushop` (bench/vs-niushop-report.ts): medians, ratios, tables. */
import { describe, expect, it } from "vitest";
import { median, ratios, ratioTable, summarise, summaryTable, type Visit } from "../../bench/vs-niushop-report";

function visit(overrides: Partial<Visit>): Visit {
  return {
    side: "storefront",
    javaScript: true,
    page: "list",
    run: 1,
    url: "http://127.0.0.1:3160/list",
    finalUrl: "http://127.0.0.1:3160/list",
    status: 200,
    error: null,
    firstPriceMs: 300,
    priceText: "¥12.00",
    firstContentfulPaintMs: 280,
    ttfbMs: 60,
    loadMs: 400,
    requests: 12,
    transferredBytes: 200 * 1024,
    transferredBytesIfGzipped: 150 * 1024,
    requestsBeforePrice: 10,
    apiCalls: 0,
    ...overrides,
  };
}

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe("summarise", () => {
  it("takes medians per page, client and JS mode, the first price over the visits that showed one", () => {
    const visits = [
      visit({ firstPriceMs: 300, ttfbMs: 60 }),
      visit({ firstPriceMs: 360, ttfbMs: 90 }),
      visit({ firstPriceMs: null, priceText: null, requestsBeforePrice: null, ttfbMs: 75 }),
      visit({ javaScript: false, firstPriceMs: 200, requests: 8 }),
    ];
    const [jsOn, jsOff] = summarise(visits);
    expect(jsOn).toMatchObject({ page: "list", side: "storefront", javaScript: true, visits: 3, withPrice: 2, firstPriceMs: 330 });
    expect(jsOn).toMatchObject({ firstPriceMinMs: 300, firstPriceMaxMs: 360, ttfbMs: 75, ttfbShare: 0.23, transferredKB: 200, transferredKBIfGzipped: 150 });
    expect(jsOff).toMatchObject({ javaScript: false, visits: 1, firstPriceMs: 200, requests: 8 });
  });

  it("reports a client that never showed a price as such", () => {
    const [summary] = summarise([visit({ side: "niushop", javaScript: false, firstPriceMs: null, priceText: null, requestsBeforePrice: null })]);
    expect(summary).toMatchObject({ withPrice: 0, firstPriceMs: null, ttfbShare: null, requestsBeforePrice: null });
    const [header, , row] = summaryTable([summary]).split("\n");
    expect(row).toContain("| list | Niushop PC | off | no price |");
    expect(header.split("|").length).toBe(row.split("|").length);
  });
});

describe("ratios", () => {
  it("divides Niushop's client with JS on by the storefront with JS on and with JS off", () => {
    const visits = [
      visit({ firstPriceMs: 300, firstContentfulPaintMs: 250, requests: 10, transferredBytes: 100 * 1024 }),
      visit({ javaScript: false, firstPriceMs: 200, firstContentfulPaintMs: 200, requests: 4, transferredBytes: 50 * 1024 }),
      visit({
        side: "niushop",
        firstPriceMs: 900,
        firstContentfulPaintMs: 500,
        requests: 40,
        transferredBytes: 1000 * 1024,
        transferredBytesIfGzipped: 300 * 1024,
      }),
      visit({ side: "niushop", javaScript: false, firstPriceMs: null, requests: 6 }),
    ];
    const rows = ratios(summarise(visits), visits);
    expect(rows).toEqual([
      {
        page: "list",
        storefrontJavaScript: true,
        firstPrice: 3,
        firstPriceWithinRounds: 3,
        firstContentfulPaint: 2,
        requests: 4,
        transferredBytes: 10,
        transferredBytesIfGzipped: 2,
      },
      {
        page: "list",
        storefrontJavaScript: false,
        firstPrice: 4.5,
        firstPriceWithinRounds: 4.5,
        firstContentfulPaint: 2.5,
        requests: 10,
        transferredBytes: 20,
        transferredBytesIfGzipped: 2,
      },
    ]);
    const [header, , firstRow] = ratioTable(rows).split("\n");
    expect(header.split("|").length).toBe(firstRow.split("|").length);
    expect(firstRow).toBe("| list | on | **3×** | 3× | 2× | 4× | 10× | 2× |");
  });

  it("divides within each round, then takes the median, where the ratio of medians mixes rounds", () => {
    // Round 2 ran in a slow spell of the machine, which slowed both clients alike.
    const ours = [300, 900, 330];
    const theirs = [600, 1800, 1320];
    const visits = [1, 2, 3].flatMap((run) => [visit({ run, firstPriceMs: ours[run - 1] }), visit({ run, side: "niushop", firstPriceMs: theirs[run - 1] })]);
    const [row] = ratios(summarise(visits), visits);
    expect(row.firstPriceWithinRounds).toBe(2); // rounds 2×, 2×, 4×
    expect(row.firstPrice).toBe(4); // medians 1320 ÷ 330
  });

  it("has nothing to divide for a page Niushop's client was not measured on", () => {
    const visits = [visit({ page: "cart" })];
    expect(ratios(summarise(visits), visits)).toEqual([]);
  });
});
