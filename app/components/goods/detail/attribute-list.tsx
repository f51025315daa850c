import { useTranslation } from "~/i18n/translation";
import type { GoodsDetailView } from "~/upstream/goods-detail.server";
import { unitOrDefault } from "~/utils/format";

/** The pharmacy attributes of spec §3 as a description list; empty ones are left out, the unit never (default 盒). */
export function AttributeList({ goods }: { goods: GoodsDetailView }) {
  const { t } = useTranslation(["goods", "common"]);
  const validity = goods.attr.attr_validity
    ? goods.validityDays > 0
      ? `${goods.attr.attr_validity}（${t("detail.validityDays", { days: goods.validityDays })}）`
      : goods.attr.attr_validity
    : "";
  const rows: [string, string][] = [
    [t("detail.spec"), goods.attr.attr_specs],
    [t("detail.approvalNumber"), goods.attr.attr_country_code],
    [t("detail.manufacturer"), goods.attr.attr_factory],
    [t("detail.place"), goods.attr.attr_place],
    [t("detail.brand"), goods.brandName],
    [t("detail.validity"), validity],
    [t("detail.productionDate"), goods.attr.attr_production_date],
    [t("detail.goodsAttr"), goods.goodsAttr],
    [t("detail.taxRate"), goods.taxRate && Number(goods.taxRate) >= 0 ? `${Number(goods.taxRate)}%` : ""],
    [t("detail.unit"), unitOrDefault(goods.unit, t)],
  ];
  return (
    <dl className="goods-attrs">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="goods-attrs__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
