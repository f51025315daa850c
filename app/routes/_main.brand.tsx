import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { AdBanner } from "~/components/catalog/ad-banner";
import { Grid, Stack } from "~/components/ui";
import { listAllBrands } from "~/upstream/catalog.server";
import { assetUrl } from "~/upstream/context.server";
import { getBanner } from "~/upstream/site.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:brand.title", visitorCache: true };

/** /brand: the brand zone: the NS_PC_BRAND banner and every brand, each leading to its goods. */
export async function loader() {
  const [brands, banner] = await Promise.all([listAllBrands(), getBanner("NS_PC_BRAND")]);
  return {
    banner,
    brands: brands.map((brand) => ({
      id: brand.brand_id,
      name: brand.brand_name,
      image: assetUrl(brand.image_url),
      description: brand.brand_desc,
    })),
  };
}

export default function BrandPage() {
  const { t } = useTranslation("catalog");
  const { banner, brands } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" className="brand-page">
      <AdBanner banner={banner} />
      <h1 className="ui-title brand-page__title">{t("brand.title")}</h1>
      {brands.length === 0 ? <p className="brand-page__empty">{t("brand.empty")}</p> : null}
      <Grid cols={6} gap="sm">
        {brands.map((brand) => (
          <Link key={brand.id} to={`/list?brand_id=${brand.id}`} className="brand-tile" title={brand.description}>
            {brand.image ? <img src={brand.image} alt="" width={120} height={60} /> : null}
            <span>{brand.name}</span>
          </Link>
        ))}
      </Grid>
    </Stack>
  );
}
