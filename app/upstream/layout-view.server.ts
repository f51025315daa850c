import { createHash } from "node:crypto";
import type { ChromeCapabilities } from "./capabilities.server";
import { assetUrl } from "./context.server";
import type { LayoutData } from "./site.server";
import type { CategoryNode } from "./schemas/category";
import { slimForDocument } from "~/utils/document-data";
import { memoizeByOwner } from "~/utils/memo";

const FOOTER_HELP_CLASSES = 4; // spec §9: at most 4 help classes…
const FOOTER_HELP_ITEMS = 4; // …of at most 4 items each

/** An image of the chrome: its data URI when it is one of the tiny images carried inline (ADR 027), else its /media URL. */
function chromeImage(layout: LayoutData, path: string | null | undefined): string {
  return (path && layout.inlineImages[path]) || assetUrl(path);
}

function categoryView(layout: LayoutData, node: CategoryNode): CategoryNode {
  return { ...node, image: chromeImage(layout, node.image), child_list: node.child_list.map((child) => categoryView(layout, child)) };
}

/** Pages of optional upstream features (ADR 009): nav entries to them go when the feature is absent. */
const SALE_CONTROL_PAGES = /^\/(sacontrol|cacontrelist)\/?(?:[?#]|$)/i;

/**
 * A client layout's version: a hash of its content, the cache key of the chrome parts rendered
 * once (components/layout/static-markup). Content, not a counter, so every worker process (and a
 * restarted one) gives the same layout the same version, and a browser that moves between
 * workers keeps adopting the server's markup instead of rendering it again.
 */
function versionOf(view: object): number {
  return Number.parseInt(createHash("sha1").update(JSON.stringify(view)).digest("hex").slice(0, 12), 16);
}

/**
 * What the browser gets of the layout data: image paths made absolute, lists cut to what is
 * shown, nav entries to pages of absent features left out.
 */
function buildClientLayout(layout: LayoutData, capabilities: Pick<ChromeCapabilities, "saleControl">) {
  const view = clientLayoutContent(layout, capabilities);
  return { version: versionOf(view), ...view };
}

function clientLayoutContent(layout: LayoutData, capabilities: Pick<ChromeCapabilities, "saleControl">) {
  const { site, copyright, topAd } = layout;
  return {
    site: {
      site_name: site.site_name,
      logo: assetUrl(site.logo),
      phone: site.web_phone || site.site_tel,
      email: site.web_email ?? "",
      seo_description: site.seo_description ?? "",
      seo_keywords: site.seo_keywords ?? "",
    },
    copyright: copyright ? { ...copyright, logo: assetUrl(copyright.logo) } : null,
    defaultGoodsImage: assetUrl(layout.defaultImages?.goods),
    servicer: layout.servicer,
    categoryStyle: layout.categoryConfig.category,
    showCategoryImages: layout.categoryConfig.img,
    categoryMenuExpandedOnHome: layout.moreConfig.index.category === 1,
    topAd: topAd.adv_position ? (topAd.adv_list.slice(0, 1).map((ad) => ({ ...ad, adv_image: assetUrl(ad.adv_image) }))[0] ?? null) : null,
    navList: capabilities.saleControl ? layout.navList : layout.navList.filter((item) => !SALE_CONTROL_PAGES.test(item.nav_url.url)),
    friendlyLinks: layout.friendlyLinks.map((link) => ({ ...link, link_pic: chromeImage(layout, link.link_pic) })),
    certificates: layout.footerList.cert_list.map((entry) => ({ ...entry, icon: chromeImage(layout, entry.icon) })),
    platforms: layout.footerList.platform_list.map((entry) => ({ ...entry, icon: chromeImage(layout, entry.icon) })),
    services: layout.services.map((service) => ({
      service_name: service.service_name,
      desc: service.desc,
      image: service.icon?.iconType === "img" ? chromeImage(layout, service.icon.imageUrl) : "",
    })),
    categories: layout.categories.map((node) => categoryView(layout, node)),
    helpClasses: layout.helpClasses
      .slice(0, FOOTER_HELP_CLASSES)
      .map((helpClass) => ({ ...helpClass, child_list: helpClass.child_list.slice(0, FOOTER_HELP_ITEMS) })),
    hotWords: layout.hotWords.words
      .split(",")
      .map((word) => word.trim())
      .filter(Boolean),
    searchPlaceholder: layout.defaultWords.words,
    h5Qrcode: assetUrl(layout.h5Qrcode),
    miniProgramQrcode: chromeImage(layout, layout.miniProgramQrcode),
  };
}
export type ClientLayout = ReturnType<typeof buildClientLayout>;

/** The client layout, built once per layout data object and feature set (the same for every visitor). */
const built = memoizeByOwner<LayoutData, boolean, ClientLayout>();
export function toClientLayout(layout: LayoutData, capabilities: Pick<ChromeCapabilities, "saleControl"> = { saleControl: true }): ClientLayout {
  return built(layout, capabilities.saleControl, () => buildClientLayout(layout, capabilities));
}

/**
 * The client layout a document's loader data carries (ADR 027): without what only the chrome parts
 * rendered once use (the category tree, the footer's lists, copyright and mini-program QR code),
 * whose HTML the document already holds and the browser adopts. That is ~13 of the root's ~17 KB
 * of loader data, serialised on every page (the QR code alone is a ~2 KB inline image). `.data`
 * requests (client-side navigations) get the whole layout, for a live render where the page held
 * no such HTML; the root's `shouldRevalidate` asks for it when the page has none.
 */
export function documentLayout(view: ClientLayout): ClientLayout {
  return slimForDocument(view, (whole) => ({
    ...whole,
    categories: [],
    helpClasses: [],
    friendlyLinks: [],
    certificates: [],
    platforms: [],
    services: [],
    copyright: null,
    miniProgramQrcode: "",
  }));
}
