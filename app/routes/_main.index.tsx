import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BannerCarousel } from "~/components/catalog/banner-carousel";
import { FloatLayerBanner } from "~/components/catalog/float-layer";
import { HomeFloors } from "~/components/catalog/floor";
import { Stack } from "~/components/ui";
import { readToken } from "~/session/session.server";
import { getFloatLayer, getFloors } from "~/upstream/catalog.server";
import { assetUrl } from "~/upstream/context.server";
import { documentFloors, floorsVersion, toFloatLayerView, toFloorViews } from "~/upstream/home-view.server";
import { advImageSize, getAdv } from "~/upstream/site.server";
import { readFloatLayerClosedThisVisit, readFloatLayerMemory } from "~/utils/float-layer.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["catalog", "goods"], title: "home.title", visitorCache: true };

/**
 * The home page: NS_PC_INDEX banners, the floors (floor-style-1…4) and the float layer. All of it
 * is shared content, cached; the member only changes whether prices show.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [banners, floors, floatLayer, memory, closedThisVisit, token] = await Promise.all([
    getAdv("NS_PC_INDEX").catch(() => null),
    getFloors().catch(() => []),
    getFloatLayer().catch(() => null),
    readFloatLayerMemory(request),
    readFloatLayerClosedThisVisit(request),
    readToken(request, context),
  ]);
  const bannerSize = advImageSize(banners);
  const floorViews = toFloorViews(floors, { isMember: Boolean(token) });
  return {
    banners: (banners?.adv_list ?? []).map((ad) => ({
      ...bannerSize,
      id: ad.adv_id,
      title: ad.adv_title,
      image: assetUrl(ad.adv_image),
      url: ad.adv_url.url,
      background: ad.background,
    })),
    floors: context.dataRequest === true ? floorViews : documentFloors(floorViews),
    floorsVersion: floorsVersion(floors),
    floatLayer: toFloatLayerView(floatLayer, memory, Date.now(), closedThisVisit),
    isMember: Boolean(token),
  };
}

export default function HomePage() {
  const { banners, floors, floorsVersion, floatLayer, isMember } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xl" className="home">
      <BannerCarousel banners={banners} />
      <HomeFloors floors={floors} version={floorsVersion} isMember={isMember} />
      {floatLayer ? <FloatLayerBanner {...floatLayer} /> : null}
    </Stack>
  );
}
