import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { errorText } from "~/utils/error-text";
import { Alert, Group, Panel, Stack } from "~/components/ui";
import { KeywordSchema } from "~/domain/search-schemas";
import { assetUrl } from "~/upstream/context.server";
import { getSiteInfo } from "~/upstream/site.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:street.title", visitorCache: true };

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
    <Stack gap="md" className="street-page">
      <h1 className="ui-title street-page__title">{keyword ? t("street.resultsFor", { keyword }) : t("street.title")}</h1>
      {error ? (
        <Alert color="orange" role="alert">
          {errorText(t, error)}
        </Alert>
      ) : null}
      {shops.length === 0 && !error ? <Alert color="gray">{t("street.empty")}</Alert> : null}
      {shops.map((shop) => (
        <Panel key={shop.name} className="street-shop">
          <Group>
            {shop.logo ? <img src={shop.logo} alt="" width={80} height={80} /> : null}
            <div>
              <p className="ui-strong street-shop__text">{shop.name}</p>
              <p className="ui-text-sm ui-dimmed street-shop__text">{shop.description}</p>
              {shop.phone ? <p className="ui-text-sm street-shop__text">{t("street.phone", { phone: shop.phone })}</p> : null}
              <Link to="/list">{t("street.enter")}</Link>
            </div>
          </Group>
        </Panel>
      ))}
    </Stack>
  );
}
