import { useTranslation } from "~/i18n/translation";
import type { GoodsDetailView } from "~/upstream/goods-detail.server";
import { legibleTextOn } from "~/utils/color";

/** Spec §9 default tag colours. */
export const TAG_COLORS = { countryCode: "#6DD4C4", bulkPurchase: "#FFAA00", traceCode: "#F55E82" } as const;

/** The goods' labels with their own colours, then the default tags (approval number, bulk purchase, trace code). */
export function GoodsTags({ labels, tags }: { labels: GoodsDetailView["labels"]; tags: GoodsDetailView["tags"] }) {
  const { t } = useTranslation("goods");
  const items: { key: string; text: string; background: string; color: string }[] = [
    ...labels.map((label, index) => ({
      key: `label-${index}`,
      text: label.label_name,
      background: label.label_color || "#999999",
      color: label.font_color || "#FFFFFF",
    })),
  ];
  // A default tag the upstream already sent as a label (e.g. "集采") is not shown twice.
  const push = (item: (typeof items)[number]) => {
    if (!items.some((existing) => existing.text === item.text)) items.push(item);
  };
  if (tags.countryCode) items.push({ key: "country", text: tags.countryCode, background: TAG_COLORS.countryCode, color: "#FFFFFF" });
  if (tags.bulkPurchase) push({ key: "jc", text: t("tag.bulkPurchase"), background: TAG_COLORS.bulkPurchase, color: "#FFFFFF" });
  if (tags.traceCode) push({ key: "trace", text: t("tag.traceCode"), background: TAG_COLORS.traceCode, color: "#FFFFFF" });
  if (tags.medicinal) push({ key: "medicinal", text: t("tag.medicinal"), background: "#E8F5E9", color: "#2E7D32" });
  if (tags.chineseMedicine) push({ key: "tcm", text: t("tag.chineseMedicine"), background: "#FFF3E0", color: "#A0522D" });
  if (!items.length) return null;
  return (
    <ul className="goods-tags">
      {items.map((item) => (
        <li key={item.key} className="goods-tag" style={{ backgroundColor: item.background, color: legibleTextOn(item.background, item.color) }}>
          {item.text}
        </li>
      ))}
    </ul>
  );
}
