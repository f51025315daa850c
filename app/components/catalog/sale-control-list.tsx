import { Alert, Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PaginationLinks } from "~/components/pagination-links";

export type SaleControlRowView = {
  id: number;
  name: string;
  href: string | null;
  image: string;
  canBuy: boolean;
  canSeePrice: boolean;
  message: string;
  reason: string;
};

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
    <Stack gap="md" py="md">
      <Title order={1} size="h3">
        {t(`saleControl.${kind}Title`)}
      </Title>
      <Text size="sm" c="dimmed">
        {t("saleControl.intro")}
      </Text>
      <Anchor component={Link} to={kind === "goods" ? "/cacontrelist" : "/sacontrol"} size="sm">
        {t(kind === "goods" ? "saleControl.toCategories" : "saleControl.toGoods")}
      </Anchor>
      {!isMember ? (
        <Alert color="blue">
          {t("saleControl.loginFirst")}{" "}
          <Anchor component={Link} to={`/login?${new URLSearchParams({ redirect: location.pathname })}`}>
            {t("saleControl.login")}
          </Anchor>
        </Alert>
      ) : rows.length === 0 ? (
        <Alert color="green">{t("saleControl.none")}</Alert>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(kind === "goods" ? "saleControl.goods" : "saleControl.category")}</Table.Th>
              <Table.Th>{t("saleControl.price")}</Table.Th>
              <Table.Th>{t("saleControl.purchase")}</Table.Th>
              <Table.Th>{t("saleControl.why")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.image ? <img src={row.image} alt="" width={40} height={40} className="inline-thumb" /> : null}
                  {row.href ? <Link to={row.href}>{row.name}</Link> : row.name}
                </Table.Td>
                <Table.Td>{row.canSeePrice ? t("saleControl.visible") : t("saleControl.hidden")}</Table.Td>
                <Table.Td>{row.canBuy ? t("saleControl.allowed") : t("saleControl.refused")}</Table.Td>
                <Table.Td>{row.message || row.reason || t("saleControl.noPermission")}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <PaginationLinks page={page} pageCount={pageCount} hrefFor={(next) => `${location.pathname}?page=${next}`} />
    </Stack>
  );
}
