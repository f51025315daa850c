import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { linkProps } from "~/components/layout/link-props";
import { listAllBrands } from "~/upstream/catalog.server";
import { assetUrl } from "~/upstream/context.server";
import { getAdv } from "~/upstream/site.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:brand.title" };

/** /brand: the brand zone: the NS_PC_BRAND banner and every brand, each leading to its goods. */
export async function loader() {
  const [brands, banner] = await Promise.all([listAllBrands(), getAdv("NS_PC_BRAND").catch(() => null)]);
  const ad = banner?.adv_list[0];
  return {
    banner: ad ? { image: assetUrl(ad.adv_image), url: ad.adv_url.url, title: ad.adv_title } : null,
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
    <Stack gap="md" py="md">
      {banner ? (
        <a {...linkProps(banner.url)}>
          <img src={banner.image} alt={banner.title} className="wide-banner" />
        </a>
      ) : null}
      <Title order={1} size="h3">
        {t("brand.title")}
      </Title>
      {brands.length === 0 ? <Text>{t("brand.empty")}</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="sm">
        {brands.map((brand) => (
          <Link key={brand.id} to={`/list?brand_id=${brand.id}`} className="brand-tile" title={brand.description}>
            {brand.image ? <img src={brand.image} alt="" width={120} height={60} /> : null}
            <span>{brand.name}</span>
          </Link>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
