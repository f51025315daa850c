import { IconShoppingCart } from "@tabler/icons-react";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Badge } from "~/components/ui";

/** The link to the cart with its count, in the header and in the side bar. */
export function CartLink({ className, label, count, testId }: { className: string; label: string; count: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/cart" className={className}>
      <IconShoppingCart size={20} aria-hidden />
      <span>{label}</span>
      <Badge color="red" variant="filled" data-testid={testId}>
        {count}
      </Badge>
      {/* The name reads "购物车 2 件商品": the visible words first (label in name), then what the number counts. */}
      <span className="visually-hidden">{t("header.cartCountUnit")}</span>
    </Link>
  );
}
