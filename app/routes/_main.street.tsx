import { Alert, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { errorText } from "~/components/form/error-text";
import { KeywordSchema } from "~/domain/search";
import { assetUrl } from "~/upstream/context.server";
import { getSiteInfo } from "~/upstream/site.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:street.title" };

/**
 * /street: the shop search target (spec §2). The upstream is a single-shop (B2C) Niushop, so the
 * street has one shop: it is listed when its name matches the keyword (or when there is none).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const keyword = KeywordSchema.safeParse(new URL(request.url).searchParams.get("keyword") ?? "");
  if (!keyword.success) return data({ error: keyword.error.issues[0].message, keyword: "", shops: [] }, { status: 400 });
  const site = await getSiteInfo();
  const matches = !keyword.data || site.site_name.toLowerCase().includes(keyword.data.toLowerCase());
  return {
    error: null,
    keyword: keyword.data,
    shops: matches
      ? [{ name: site.site_name, logo: assetUrl(site.logo_square || site.logo), phone: site.site_tel, description: site.seo_description ?? "" }]
      : [],
  };
}

export default function StreetPage() {
  const { t } = useTranslation("catalog");
  const { error, keyword, shops } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h3">
        {keyword ? t("street.resultsFor", { keyword }) : t("street.title")}
      </Title>
      {error ? (
        <Alert color="orange" role="alert">
          {errorText(t, error)}
        </Alert>
      ) : null}
      {shops.length === 0 && !error ? <Alert color="gray">{t("street.empty")}</Alert> : null}
      {shops.map((shop) => (
        <Card key={shop.name} withBorder>
          <Group>
            {shop.logo ? <img src={shop.logo} alt="" width={80} height={80} /> : null}
            <div>
              <Text fw={700}>{shop.name}</Text>
              <Text size="sm" c="dimmed">
                {shop.description}
              </Text>
              {shop.phone ? <Text size="sm">{t("street.phone", { phone: shop.phone })}</Text> : null}
              <Link to="/list">{t("street.enter")}</Link>
            </div>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
