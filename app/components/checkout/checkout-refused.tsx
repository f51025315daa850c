import type { ReactNode } from "react";
import { Alert, ButtonLink, Group, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";

/**
 * A checkout or payment that cannot go on: the page's h1, why (an alert), any further notice
 * (`children`), then the way back and the member's orders.
 */
export function CheckoutRefused({
  title,
  message,
  back,
  children,
}: {
  title: string;
  message: string;
  back: { href: string; label: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation("checkout");
  return (
    <Stack gap="md" className="checkout-page">
      <h1 className="ui-title">{title}</h1>
      <Alert color="red" role="alert">
        {message}
      </Alert>
      {children}
      <Group>
        <ButtonLink to={back.href}>{back.label}</ButtonLink>
        <ButtonLink to="/member/order_list" variant="outline">
          {t("payment.myOrders")}
        </ButtonLink>
      </Group>
    </Stack>
  );
}
