/**
 * The machine's speed at work like the BFF's, so bench figures of different machines can be told
 * apart: the same build measured 3.1–3.4 ms per member goods page on one machine of this workplace
 * and 4.5–5.4 ms on another (docs/performance.md, "2026-11-27 (7)"). `npm run bench` prints these
 * figures beside its tables and stores them with the results; compare CPU milliseconds only between
 * runs whose machine figures agree.
 *
 * Run as its own process with NODE_ENV=production (React's production build, as the BFF runs it):
 * `NODE_ENV=production npx tsx bench/machine.ts` prints one JSON line.
 *
 * - render: React's renderToString of a fixed page-like tree (~1 000 elements, Chinese text,
 *   attributes), the kind of work that is ~40 % of a goods page's CPU;
 * - json: JSON.stringify then JSON.parse of a fixed ~34 KB object, as upstream answers and loader
 *   data are.
 * Each is the best of 7 rounds of 40 repetitions, in milliseconds per repetition.
 */
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";

const ROUNDS = 7;
const REPETITIONS = 40;

function card(index: number): ReactElement {
  return h(
    "li",
    { key: index, className: "goods-card", "data-sku": index },
    h(
      "a",
      { href: `/sku-${index}`, className: "goods-card__image" },
      h("img", { src: `/upload/${index}.png`, alt: `阿莫西林胶囊 ${index}`, width: 160, height: 160, loading: "lazy" }),
    ),
    h(
      "div",
      { className: "goods-card__body" },
      h("a", { href: `/sku-${index}`, className: "goods-card__name" }, `阿莫西林胶囊 0.25g×24粒 规格 ${index}`),
      h(
        "p",
        { className: "price" },
        h("span", { className: "price__amount" }, `¥${(index * 3.17).toFixed(2)}`),
        h("s", { className: "price__market" }, `¥${(index * 4.2).toFixed(2)}`),
      ),
      h("button", { type: "submit", name: "intent", value: "add-to-cart", className: "ui-button" }, "加入购物车"),
    ),
  );
}

function page(): ReactElement {
  const cards = Array.from({ length: 120 }, (_, index) => card(index));
  return h("main", { className: "page" }, h("h1", null, "商品列表"), h("ul", { className: "goods-grid" }, cards));
}

const data = {
  goods: Array.from({ length: 120 }, (_, index) => ({
    goods_id: index,
    sku_id: index * 10,
    goods_name: `阿莫西林胶囊 0.25g×24粒 规格 ${index}`,
    price: (index * 3.17).toFixed(2),
    market_price: (index * 4.2).toFixed(2),
    stock: index * 7,
    tags: ["处方药", "医保", "冷链"],
    image: `/upload/${index}.png`,
    attrs: [{ attr_name: "生产企业", attr_value_name: "某某制药有限公司" }],
  })),
};

function bestMsPerRepetition(work: () => unknown): number {
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let repetition = 0; repetition < REPETITIONS; repetition++) work();
    best = Math.min(best, (performance.now() - started) / REPETITIONS);
  }
  return Number(best.toFixed(3));
}

export type MachineFigures = { render: number; json: number };

export function measureMachine(): MachineFigures {
  const tree = page();
  bestMsPerRepetition(() => renderToString(tree)); // warm-up: the JIT, not the machine
  const render = bestMsPerRepetition(() => renderToString(tree));
  const json = bestMsPerRepetition(() => JSON.parse(JSON.stringify(data)));
  return { render, json };
}

if (process.argv[1]?.endsWith("machine.ts")) console.log(JSON.stringify(measureMachine()));
