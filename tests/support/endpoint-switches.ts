import type { TestShopApi } from "../../shop-api/testing";

/**
 * Endpoint switches for contract tests: the reference shop API answers the switched-off paths the
 * way a stock Niushop 5.5.2 answers a route it does not have (its HTML error page with HTTP 200),
 * so the BFF can be tested against a shop without the addons (ADR 009). "stock" is the shop API's
 * own list of what a stock Niushop lacks (shop-api/core/endpoints.ts).
 */
export type EndpointSwitches = {
  /** The base URL the BFF calls. */
  url: string;
  /** `"stock"` (what a stock Niushop lacks), a list of paths or prefixes, or `[]` (everything on). */
  disable(spec: "stock" | string[]): Promise<void>;
};

export function shopApiSwitches(shop: TestShopApi): EndpointSwitches {
  return {
    url: shop.url,
    disable: async (spec) => {
      const answer = await shop.testApi("/__test/endpoints", { disabled: spec });
      if (answer.status !== 200) throw new Error(`POST /__test/endpoints answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    },
  };
}
