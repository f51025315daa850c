import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { Capability } from "~/upstream/capabilities.server";

/**
 * The member area's left menu (a Chinese B2B shop's grouping): trade, assets, account, follows.
 * An item is current when the page is its path or one of its sub-pages (`also`); `query` narrows
 * an item to one filter of a shared page (evaluations are the orders waiting for one). `needs`
 * names the optional upstream feature (ADR 009) without which the page does not exist: the item is
 * left out where the upstream lacks it, so the menu never links to a 404.
 */
export type MemberMenuItem = { key: string; to: string; also?: string[]; query?: Record<string, string>; needs?: Capability };
export type MemberMenuGroup = { key: string; items: MemberMenuItem[] };

export const MEMBER_MENU: MemberMenuGroup[] = [
  {
    key: "trade",
    items: [
      {
        key: "orders",
        to: "/member/order_list",
        also: [
          "/member/order_detail",
          "/member/order_detail_local_delivery",
          "/member/order_detail_pickup",
          "/member/order_detail_virtual",
          "/member/logistics",
        ],
      },
      { key: "afterSales", to: "/member/activist", also: ["/member/refund", "/member/refund_detail", "/member/complain"] },
      { key: "evaluations", to: "/member/order_list?status=waitrate", query: { status: "waitrate" } },
      { key: "outOfStock", to: "/member/out_of_stock", needs: "staff" },
    ],
  },
  {
    key: "assets",
    items: [
      { key: "account", to: "/member/account" },
      { key: "withdrawal", to: "/member/withdrawal", also: ["/member/apply_withdrawal", "/member/withdrawal_detail"] },
      { key: "recharge", to: "/member/recharge_list", also: ["/member/recharge_order", "/member/recharge_detail"], needs: "recharge" },
      { key: "point", to: "/member/my_point" },
      { key: "coupon", to: "/member/my_coupon" },
    ],
  },
  {
    key: "account",
    items: [
      { key: "index", to: "/member/index" },
      { key: "info", to: "/member/info" },
      { key: "security", to: "/member/security" },
      { key: "address", to: "/member/delivery_address", also: ["/member/address_edit"] },
      { key: "bankAccounts", to: "/member/account_list", also: ["/member/account_edit"] },
      { key: "level", to: "/member/level" },
      { key: "signin", to: "/member/signin", needs: "signin" },
      { key: "qualification", to: "/member/qualification", needs: "qualifications" },
      { key: "certificates", to: "/member/certiys", needs: "certificates" },
    ],
  },
  {
    key: "follows",
    items: [
      { key: "collection", to: "/member/collection" },
      { key: "footprint", to: "/member/footprint" },
    ],
  },
];

/** The key of the current item: the longest match wins, a query-narrowed item only when its filter is set. */
export function currentMenuItem(pathname: string, search: URLSearchParams): string | null {
  let best: { key: string; score: number } | null = null;
  for (const group of MEMBER_MENU) {
    for (const item of group.items) {
      const path = item.to.split("?")[0];
      if (pathname !== path && !item.also?.includes(pathname)) continue;
      const narrowed = item.query ? Object.entries(item.query).every(([name, value]) => search.get(name) === value) : true;
      if (!narrowed) continue;
      const score = item.query ? 2 : 1;
      if (!best || score > best.score) best = { key: item.key, score };
    }
  }
  return best?.key ?? null;
}

/** The optional features the menu's items need (the member layout's loader asks which exist). */
export const MENU_CAPABILITIES = [...new Set(MEMBER_MENU.flatMap((group) => group.items.flatMap((item) => (item.needs ? [item.needs] : []))))];

/** The menu without the items whose feature the upstream lacks. */
export function menuFor(absent: readonly Capability[]): MemberMenuGroup[] {
  return MEMBER_MENU.map((group) => ({ ...group, items: group.items.filter((item) => !item.needs || !absent.includes(item.needs)) }));
}

export function MemberMenu({ absent }: { absent: readonly Capability[] }) {
  const { t } = useTranslation("member");
  const location = useLocation();
  const current = currentMenuItem(location.pathname, new URLSearchParams(location.search));
  return (
    <nav className="member-menu" aria-label={t("menu.label")}>
      {menuFor(absent).map((group) => (
        <section key={group.key} className="member-menu__group" aria-labelledby={`member-menu-${group.key}`}>
          <h2 id={`member-menu-${group.key}`} className="member-menu__title">
            {t(`menu.groups.${group.key}`)}
          </h2>
          <ul className="member-menu__list">
            {group.items.map((item) => (
              <li key={item.key}>
                <Link to={item.to} className="member-menu__link" aria-current={current === item.key ? "page" : undefined}>
                  {t(`menu.items.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
