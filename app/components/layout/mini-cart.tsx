import { Link, useFetcher } from "@remix-run/react";
import { useState, type FocusEvent } from "react";
import { ButtonLink } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import type { CartPageData } from "~/upstream/cart-view.server";
import { CartLink } from "./cart-link";
import { loginUrlTo } from "~/utils/safe-redirect";

/** How many lines the header's list shows; the rest is behind "查看购物车". */
const MINI_CART_LINES = 5;

/**
 * The header's cart (spec §2 "mini cart"): a link to /cart with the count, rendered by the server
 * and all there is without JS. With JS, hovering or focusing it lists the cart's goods (read from
 * /cart's own loader each time it opens, so it is never stale after an add elsewhere). The list
 * names goods and quantities only: prices and totals stay on /cart, where sale control decides
 * what a member may see.
 */
export function MiniCart({ count, loggedIn }: { count: number; loggedIn: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CartPageData>({ key: "mini-cart" });
  const [open, setOpen] = useState(false);
  const show = () => {
    if (!open && loggedIn && fetcher.state === "idle") fetcher.load("/cart");
    setOpen(true);
  };
  const hideUnlessInside = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const cart = fetcher.data?.cart;
  const lines = cart ? cart.groups.flatMap((group) => group.lines) : [];
  return (
    <div
      className="mini-cart-wrap"
      onMouseEnter={show}
      onMouseLeave={() => setOpen(false)}
      onFocus={show}
      onBlur={hideUnlessInside}
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpen(false);
      }}
    >
      <CartLink className="mini-cart" label={t("header.cart")} count={count} testId="header-cart-count" />
      {open ? (
        <section className="mini-cart__panel" aria-label={t("header.miniCart.label")} data-testid="mini-cart-panel">
          {!loggedIn ? (
            <p className="mini-cart__note">
              <Link to={loginUrlTo("/cart")} className="ui-anchor">
                {t("header.miniCart.login")}
              </Link>
            </p>
          ) : !fetcher.data ? (
            <p className="mini-cart__note" role="status">
              {t("header.miniCart.loading")}
            </p>
          ) : lines.length === 0 && !cart?.bundles.length ? (
            <p className="mini-cart__note">{t("header.miniCart.empty")}</p>
          ) : (
            <>
              <ul className="mini-cart__lines">
                {lines.slice(0, MINI_CART_LINES).map((line) => (
                  <li key={line.cartId} className="mini-cart__line">
                    {line.image ? <img src={line.image} alt="" width={40} height={40} loading="lazy" /> : null}
                    <Link to={`/sku-${line.skuId}`} className="mini-cart__name">
                      {line.name}
                    </Link>
                    <span className="mini-cart__num">×{line.quantity}</span>
                  </li>
                ))}
                {cart?.bundles.slice(0, Math.max(0, MINI_CART_LINES - lines.length)).map((bundle) => (
                  <li key={`bundle-${bundle.cartId}`} className="mini-cart__line">
                    <span className="mini-cart__name">{bundle.name}</span>
                    <span className="mini-cart__num">×{bundle.quantity}</span>
                  </li>
                ))}
              </ul>
              {lines.length + (cart?.bundles.length ?? 0) > MINI_CART_LINES ? (
                <p className="mini-cart__note">{t("header.miniCart.more", { count: lines.length + (cart?.bundles.length ?? 0) - MINI_CART_LINES })}</p>
              ) : null}
            </>
          )}
          <ButtonLink to="/cart" size="sm" fullWidth>
            {t("header.miniCart.go")}
          </ButtonLink>
        </section>
      ) : null}
    </div>
  );
}
