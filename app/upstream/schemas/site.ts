import { z } from "zod/v4";
import { Flag, IntLike, LinkField, Text } from "./common";

export const SiteInfoSchema = z.object({
  site_name: Text,
  logo: Text,
  logo_square: Text.optional(),
  site_tel: Text.catch(""),
  seo_title: Text.optional(),
  seo_keywords: Text.optional(),
  seo_description: Text.optional(),
  // B2B2C fields the spec lists; the B2C endpoint usually lacks them.
  web_phone: Text.optional(),
  web_email: Text.optional(),
  shop_status: IntLike.optional(),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

export const CopyrightSchema = z.object({
  logo: Text.catch(""),
  company_name: Text.catch(""),
  copyright_link: Text.catch(""),
  copyright_desc: Text.catch(""),
  icp: Text.catch(""),
  gov_record: Text.catch(""),
  gov_url: Text.catch(""),
  business_show_link: Text.catch(""),
});
export type Copyright = z.infer<typeof CopyrightSchema>;

export const DefaultImagesSchema = z.object({
  goods: Text.catch(""),
  head: Text.catch(""),
  store: Text.catch(""),
  article: Text.catch(""),
  default_city_img: Text.optional(),
  default_supply_img: Text.optional(),
  default_category_img: Text.optional(),
  default_brand_img: Text.optional(),
});
export type DefaultImages = z.infer<typeof DefaultImagesSchema>;

export const ServicerConfigSchema = z.object({
  pc: z.object({ type: z.string().catch("none"), third_url: Text.optional() }).catch({ type: "none", third_url: "" }),
});
export type ServicerConfig = z.infer<typeof ServicerConfigSchema>;

export const CategoryConfigSchema = z.object({
  category: IntLike.pipe(z.number().int().min(1).max(3)).catch(1),
  img: Flag.catch(true),
});
export type CategoryConfig = z.infer<typeof CategoryConfigSchema>;

export const AdvSchema = z.object({
  adv_id: IntLike,
  adv_title: Text.catch(""),
  adv_url: LinkField,
  adv_image: Text,
  background: Text.catch(""),
});
export type Adv = z.infer<typeof AdvSchema>;

export const AdvDetailSchema = z.object({
  adv_position: z.object({ ap_height: IntLike.catch(0), ap_width: IntLike.catch(0), ap_background_color: Text.catch("") }).nullable(),
  adv_list: z.array(AdvSchema).catch([]),
});
export type AdvDetail = z.infer<typeof AdvDetailSchema>;

export const FriendlyLinkSchema = z.object({
  id: IntLike,
  link_title: Text,
  link_url: Text,
  link_pic: Text.catch(""),
  is_blank: Flag.catch(false),
});
export type FriendlyLink = z.infer<typeof FriendlyLinkSchema>;

export const NavItemSchema = z.object({
  id: IntLike,
  nav_title: Text,
  nav_url: LinkField,
  nav_icon: Text.catch(""),
  is_blank: Flag.catch(false),
});
export type NavItem = z.infer<typeof NavItemSchema>;

const FooterEntrySchema = z.object({ id: IntLike, name: Text, icon: Text.catch(""), link_url: Text.catch("") });
export type FooterEntry = z.infer<typeof FooterEntrySchema>;
export const FooterListSchema = z.object({
  cert_list: z.array(FooterEntrySchema).catch([]),
  platform_list: z.array(FooterEntrySchema).catch([]),
});
export type FooterList = z.infer<typeof FooterListSchema>;

export const MoreConfigSchema = z.object({
  index: z.object({ category: IntLike.catch(0) }).catch({ category: 0 }),
});
export type MoreConfig = z.infer<typeof MoreConfigSchema>;

export const GoodsServiceSchema = z.object({
  service_name: Text,
  desc: Text.catch(""),
  icon: z
    .object({ imageUrl: Text.catch(""), icon: Text.catch(""), iconType: Text.catch("") })
    .nullish()
    .catch(null),
});
export type GoodsService = z.infer<typeof GoodsServiceSchema>;

export const WapQrcodeSchema = z.object({
  path: z.object({
    h5: z
      .object({ status: IntLike.catch(0), url: Text.catch(""), img: Text.catch("") })
      .optional()
      .catch(undefined),
  }),
});

export const SearchWordsSchema = z.object({ words: Text });

export const AddonsSchema = z.record(z.string(), Flag);
export type Addons = z.infer<typeof AddonsSchema>;
