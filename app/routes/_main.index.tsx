import { SimpleGrid, Stack, Title } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { linkProps } from "~/components/layout/link-props";
import { assetUrl } from "~/upstream/context.server";
import { getAdv } from "~/upstream/site.server";
import type { RouteHandle } from "~/utils/handle";
import { useRootData } from "~/utils/use-root-data";

export const handle: RouteHandle = { title: "home.title" };

/** The home page: the NS_PC_INDEX banners and the category overview (floors come with the catalog). */
export async function loader() {
  const banners = await getAdv("NS_PC_INDEX").catch(() => null);
  return {
    banners: (banners?.adv_list ?? []).map((ad) => ({
      id: ad.adv_id,
      title: ad.adv_title,
      image: assetUrl(ad.adv_image),
      url: ad.adv_url.url,
      background: ad.background,
    })),
  };
}

export default function HomePage() {
  const { t } = useTranslation();
  const { banners } = useLoaderData<typeof loader>();
  const { layout } = useRootData();
  return (
    <Stack gap="xl" py="md">
      {banners.length > 0 ? (
        <section aria-label={t("home.banners")} className="home-banners">
          {banners.map((banner) => (
            <a key={banner.id} {...linkProps(banner.url)} style={{ backgroundColor: banner.background || undefined }}>
              <img src={banner.image} alt={banner.title} />
            </a>
          ))}
        </section>
      ) : null}
      <section aria-labelledby="home-categories">
        <Title order={2} id="home-categories" size="h3" mb="md">
          {t("home.categories")}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 5 }}>
          {(layout?.categories ?? []).map((category) => (
            <div key={category.category_id} className="home-category">
              <Link to={`/list?category_id=${category.category_id}&level=${category.level}`} className="home-category__title">
                {category.category_name}
              </Link>
              <ul>
                {category.child_list.map((child) => (
                  <li key={child.category_id}>
                    <Link to={`/list?category_id=${child.category_id}&level=${child.level}`}>{child.category_name}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
