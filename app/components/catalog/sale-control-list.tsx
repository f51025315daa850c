import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { PaginationLinks } from "~/components/pagination-links";
import { Alert, Stack, TableHead } from "~/components/ui";
import type { SaleControlRowView } from "~/domain/sale-control";
import { loginUrlTo } from "~/utils/safe-redirect";

/** The member's purchase restrictions (goods or categories): what is restricted and why. */
export function SaleControlList({
  kind,
  rows,
  page,
  pageCount,
  isMember,
}: {
  kind: "goods" | "category";
  rows: SaleControlRowView[];
  page: number;
  pageCount: number;
  isMember: boolean;
}) {
  const { t } = useTranslation("catalog");
  const location = useLocation();
  return (
    <Stack gap="md" className="sale-control">
      <h1 className="ui-title sale-control__title">{t(`saleControl.${kind}Title`)}</h1>
      <p className="ui-text-sm ui-dimmed sale-control__intro">{t("saleControl.intro")}</p>
      <Link className="ui-anchor ui-text-sm" to={kind === "goods" ? "/cacontrelist" : "/sacontrol"}>
        {t(kind === "goods" ? "saleControl.toCategories" : "saleControl.toGoods")}
      </Link>
      {!isMember ? (
        <Alert color="blue">
          {t("saleControl.loginFirst")}{" "}
          <Link className="ui-anchor" to={loginUrlTo(location.pathname)}>
            {t("saleControl.login")}
          </Link>
        </Alert>
      ) : rows.length === 0 ? (
        <Alert color="green">{t("saleControl.none")}</Alert>
      ) : (
        <table className="ui-table sale-control__table">
          <TableHead
            cells={[
              t(kind === "goods" ? "saleControl.goods" : "saleControl.category"),
              t("saleControl.price"),
              t("saleControl.purchase"),
              t("saleControl.why"),
            ]}
          />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  {row.image ? <img src={row.image} alt="" width={40} height={40} className="inline-thumb" /> : null}
                  {row.href ? <Link to={row.href}>{row.name}</Link> : row.name}
                </td>
                <td>{row.canSeePrice ? t("saleControl.visible") : t("saleControl.hidden")}</td>
                <td>{row.canBuy ? t("saleControl.allowed") : t("saleControl.refused")}</td>
                <td>{row.message || row.reason || t("saleControl.noPermission")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PaginationLinks page={page} pageCount={pageCount} hrefFor={(next) => `${location.pathname}?page=${next}`} />
    </Stack>
  );
}
