/**
 * Who may see a price and press the buy button (spec §6):
 * - a visitor sees "login visible" instead of prices, and the buy button is disabled with that text;
 * - sale control `view_price: 0` hides the price and disables buying (shown as "no permission");
 * - sale control `is_member_by: 0` keeps the price but disables buying with `not_buy_msg`
 *   (or "no permission" when the message is empty).
 */
/** The qualification a goods needs and the member lacks (docs/qualifications.md), when that is the reason. */
export type MissingQualification = { id: number; name: string; status: "missing" | "pending" | "rejected" | "expired" };

export type SaleControlRule = { is_member_by: boolean; view_price: boolean; not_buy_msg: string; qualification?: MissingQualification | null } | null;

export type PurchaseRights =
  | { price: "visible"; buy: "allowed" }
  | {
      price: "visible" | "hidden";
      buy: "login" | "refused";
      reason: "login" | "sale-control";
      message: string;
      /** Set when the refusal is a missing qualification: the page names it and links to /member/qualification. */
      qualification?: MissingQualification | null;
    };

export function purchaseRights(isMember: boolean, saleControl: SaleControlRule): PurchaseRights {
  if (!isMember) return { price: "hidden", buy: "login", reason: "login", message: "" };
  if (saleControl && !saleControl.view_price) {
    return { price: "hidden", buy: "refused", reason: "sale-control", message: saleControl.not_buy_msg };
  }
  if (saleControl && !saleControl.is_member_by) {
    const refused = { price: "visible", buy: "refused", reason: "sale-control", message: saleControl.not_buy_msg } as const;
    return saleControl.qualification ? { ...refused, qualification: saleControl.qualification } : refused;
  }
  return { price: "visible", buy: "allowed" };
}

/** What a price tag needs from the rights: whether the price shows and, when it does not, why. */
export function priceShown(rights: PurchaseRights): { visible: boolean; hiddenReason: "login" | "sale-control" } {
  return rights.price === "visible" ? { visible: true, hiddenReason: "login" } : { visible: false, hiddenReason: rights.reason };
}

/**
 * A listed goods' price and market price as a page may render them: both null where the visitor (or
 * a sale-control rule) may not see prices, so they never reach the page; `hiddenReason` says which.
 */
export function shownPrices<P>(isMember: boolean, saleControl: SaleControlRule, price: P, marketPrice: P) {
  const visible = purchaseRights(isMember, saleControl).price === "visible";
  return {
    price: visible ? price : null,
    marketPrice: visible ? marketPrice : null,
    hiddenReason: isMember ? ("sale-control" as const) : ("login" as const),
  };
}

/** Why a member may not order goods: its price is hidden, or buying it is refused (issue 29). */
export type OrderRefusal = { priceHidden: boolean; message: string };

/**
 * The rule of `purchaseRights` wherever money can move (cart, checkouts, buy again): a member may
 * order goods only when they may both see its price and buy it. `message` is the shop's
 * `not_buy_msg`, or "" for the translated "no permission" (spec §6).
 */
export function orderRefusal(saleControl: SaleControlRule): OrderRefusal | null {
  const rights = purchaseRights(true, saleControl);
  return rights.buy === "allowed" ? null : { priceHidden: rights.price === "hidden", message: rights.message };
}

/** A refusal as a form error: the shop's own words ("upstream:…"), else the page's "no permission" key. */
export function orderRefusalError(refusal: OrderRefusal, noPermissionKey: string): string {
  return refusal.message ? `upstream:${refusal.message}` : noPermissionKey;
}

/** One row of /sacontrol or /cacontrelist: what the member may do with a goods or a category. */
export type SaleControlRowView = {
  id: number;
  name: string;
  href: string | null;
  image: string;
  canBuy: boolean;
  canSeePrice: boolean;
  message: string;
  reason: string;
};
