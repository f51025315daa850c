import { useTranslation } from "~/i18n/translation";
import { PriceTag } from "~/components/goods/price-tag";
import { linkProps } from "~/components/layout/link-props";
import { Grid, Group } from "~/components/ui";
import { priceShown, purchaseRights } from "~/domain/sale-control";
import { readableOnWhite } from "~/utils/color";
import { StaticMarkup } from "~/components/layout/static-markup";
import { wholeValue } from "~/utils/document-data";
import type { FloorGoodsView, FloorView } from "~/upstream/home-view.server";

// The PC floor template's image slots (Niushop's floor-style sizes), so the page does not shift.
const FLOOR_LEFT = { width: 234, height: 614 };
const FLOOR_BOTTOM = { width: 1210, height: 118 };

/**
 * The home floors. They read the same for every visitor, and for every member, of a language while
 * the floors list is cached, so they are rendered once per (language, floors version, kind of
 * viewer) and the browser adopts their HTML (StaticMarkup; links are plain links): the home page's
 * largest part costs a member's page nothing to render (docs/performance.md).
 */
export function HomeFloors({ floors, version, isMember }: { floors: FloorView[]; version: string; isMember: boolean }) {
  const { language } = useTranslation();
  return (
    <StaticMarkup cacheKey={`floors:${language}:${version}:${isMember ? "member" : "visitor"}`} as="div" className="home-floors">
      <>
        {/* A document's loader data holds no floors; the server finds them (ADR 027). */}
        {wholeValue(floors).map((floor) => (
          <HomeFloor key={floor.key} floor={floor} isMember={isMember} />
        ))}
      </>
    </StaticMarkup>
  );
}

/** One home floor, in the layout its template names (floor-style-1 … floor-style-4). */
function HomeFloor({ floor, isMember }: { floor: FloorView; isMember: boolean }) {
  const { t } = useTranslation("catalog");
  const titleId = `floor-${floor.key}`;
  return (
    <section className={`floor ${floor.style}`} aria-labelledby={titleId}>
      <Group justify="between" className="floor__head">
        <h2 className="ui-title floor__title" id={titleId} style={{ color: readableOnWhite(floor.title.color) }}>
          {floor.title.text}
        </h2>
        {floor.subTitle ? <p className="ui-dimmed">{floor.subTitle.text}</p> : null}
        {floor.more ? (
          <a {...linkProps(floor.more.url || "/list")} className="floor__more">
            {floor.more.text || t("home.more")}
          </a>
        ) : null}
      </Group>
      <div className="floor__body">
        {floor.leftImg ? (
          <a {...linkProps(floor.leftImg.url || "/list")} className="floor__left">
            <img src={floor.leftImg.image} alt={floor.title.text} width={FLOOR_LEFT.width} height={FLOOR_LEFT.height} loading="lazy" decoding="async" />
          </a>
        ) : null}
        <div className="floor__goods">
          {floor.style === "floor-style-3" ? (
            <>
              <GoodsGrid goods={floor.rightGoods} isMember={isMember} cols={3} />
              {floor.categories.length > 0 ? (
                <Group gap="sm" className="floor__categories">
                  {floor.categories.map((category) => (
                    <a key={category.id} href={`/list?category_id=${category.id}&level=${category.level}`}>
                      {category.name}
                    </a>
                  ))}
                </Group>
              ) : null}
              <GoodsGrid goods={floor.bottomGoods} isMember={isMember} cols={5} />
            </>
          ) : (
            <GoodsGrid goods={floor.goods} isMember={isMember} cols={4} />
          )}
        </div>
      </div>
      {floor.bottomImg ? (
        <a {...linkProps(floor.bottomImg.url || "/list")} className="floor__bottom">
          <img
            src={floor.bottomImg.image}
            alt={floor.bottomImg.title || floor.title.text}
            width={FLOOR_BOTTOM.width}
            height={FLOOR_BOTTOM.height}
            loading="lazy"
            decoding="async"
          />
        </a>
      ) : null}
    </section>
  );
}

function GoodsGrid({ goods, isMember, cols }: { goods: FloorGoodsView[]; isMember: boolean; cols: number }) {
  return (
    <Grid cols={cols} gap="xs">
      {goods.map((item) => {
        const rights = purchaseRights(isMember, item.saleControl);
        return (
          <a key={item.skuId} href={`/sku-${item.skuId}`} className="floor-goods">
            <img src={item.image} alt="" width={150} height={150} loading="lazy" decoding="async" />
            <span className="ui-text-sm line-clamp-2">{item.name}</span>
            <PriceTag price={item.price} marketPrice={item.marketPrice} {...priceShown(rights)} size="sm" />
          </a>
        );
      })}
    </Grid>
  );
}
