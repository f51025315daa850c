import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PriceTag } from "~/components/goods/price-tag";
import { Stack } from "~/components/ui";
// A side effect, as member pages have (docs/member-centre.md "Bundle"): keeps this shared tile out of
// the chunks every page loads.
import "~/styles/member.css";

/** A goods of the member's follows or footprint: image, name, price (null when sale control hides it), and its own buttons. */
export type GoodsTileView = { id: number; skuId: number; name: string; image: string; price: string | null; marketPrice: string | null };

export function GoodsTile({ goods, children }: { goods: GoodsTileView; children?: ReactNode }) {
  return (
    <article className="goods-card" aria-label={goods.name}>
      <Link to={`/sku-${goods.skuId}`} className="goods-card__image" tabIndex={-1} aria-hidden="true">
        <img src={goods.image} alt="" width={160} height={160} loading="lazy" />
      </Link>
      <Stack gap="xs" className="goods-card__body">
        <PriceTag price={goods.price} marketPrice={goods.marketPrice} visible={goods.price !== null} hiddenReason="sale-control" size="md" />
        <Link to={`/sku-${goods.skuId}`} className="goods-card__name">
          {goods.name}
        </Link>
        {children}
      </Stack>
    </article>
  );
}
