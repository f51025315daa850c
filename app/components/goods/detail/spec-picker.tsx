import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { GoodsDetailView } from "~/upstream/goods-detail.server";

/** Spec switching: every value is a link to its own `/sku-{id}` page (works without JS). */
export function SpecPicker({ specs }: { specs: GoodsDetailView["specs"] }) {
  const { t } = useTranslation("goods");
  if (!specs.length) return null;
  return (
    <div className="spec-picker">
      {specs.map((spec) => (
        <div key={spec.name} className="spec-picker__row" role="group" aria-label={t("detail.specSwitch", { name: spec.name })}>
          <span className="spec-picker__name">{spec.name}</span>
          <ul className="spec-picker__values">
            {spec.values.map((value) => (
              <li key={`${value.name}-${value.skuId}`}>
                {value.disabled ? (
                  <span className="spec-value spec-value--disabled" aria-disabled="true">
                    {value.name}
                  </span>
                ) : (
                  <Link
                    to={`/sku-${value.skuId}`}
                    className={value.selected ? "spec-value spec-value--selected" : "spec-value"}
                    aria-current={value.selected ? "page" : undefined}
                  >
                    {value.name}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
