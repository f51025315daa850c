import { Form, Link } from "@remix-run/react";
import { Alert, Button, ButtonLink, Group, NativeSelect } from "~/components/ui";
import { CLOSE_REASONS, type OrderButton, type OrderIntent } from "~/domain/orders";
import { useTranslation } from "~/i18n/translation";

/**
 * An order's buttons. Links go where they say; mutations first open a confirm step rendered by
 * the server (a `?confirm=` link, so it works without JS), whose POST form carries the order,
 * the intent (and for closing a reason) and the page to come back to.
 */
export function OrderButtons({
  orderId,
  orderNo,
  buttons,
  confirming,
  confirmHref,
  here,
}: {
  orderId: number;
  orderNo: string;
  buttons: OrderButton[];
  /** The intent whose confirm step is open for this order, if any. */
  confirming: OrderIntent | null;
  confirmHref: (intent: OrderIntent) => string;
  /** This page without the confirm step: the form's target and where to come back to. */
  here: string;
}) {
  const { t } = useTranslation("orders");
  const pending = confirming && buttons.some((b) => b.kind === "form" && b.id === confirming) ? confirming : null;
  return (
    <div className="order-buttons">
      <Group gap="xs" justify="end">
        {buttons.map((button) =>
          button.kind === "link" ? (
            <ButtonLink
              key={button.id}
              to={button.href}
              size="xs"
              variant={button.primary ? "filled" : "outline"}
              aria-label={t(`buttons.${button.id}Label`, { no: orderNo })}
            >
              {t(`buttons.${button.id}`)}
            </ButtonLink>
          ) : (
            <ButtonLink
              key={button.id}
              to={confirmHref(button.id)}
              preventScrollReset
              size="xs"
              variant={button.primary ? "filled" : "outline"}
              aria-label={t(`buttons.${button.id}Label`, { no: orderNo })}
            >
              {t(`buttons.${button.id}`)}
            </ButtonLink>
          ),
        )}
      </Group>
      {pending ? <ConfirmStep orderId={orderId} orderNo={orderNo} intent={pending} here={here} /> : null}
    </div>
  );
}

function ConfirmStep({ orderId, orderNo, intent, here }: { orderId: number; orderNo: string; intent: OrderIntent; here: string }) {
  const { t } = useTranslation("orders");
  return (
    <Form method="post" action={here} className="order-confirm" data-testid="order-confirm">
      <Alert color="orange" title={t(`confirm.${intent}.title`)}>
        {t(`confirm.${intent}.text`, { no: orderNo })}
      </Alert>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="order_id" value={orderId} />
      <input type="hidden" name="back" value={here} />
      {intent === "close" ? (
        <NativeSelect
          name="reason"
          label={t("confirm.close.reason")}
          required
          data={CLOSE_REASONS.map((reason) => ({ value: reason, label: t(`closeReasons.${reason}`) }))}
        />
      ) : null}
      <Group gap="sm">
        <Button type="submit" color={intent === "close" || intent === "delete" ? "red" : undefined}>
          {t(`confirm.${intent}.submit`)}
        </Button>
        <Link className="ui-anchor" to={here} preventScrollReset>
          {t("confirm.cancel")}
        </Link>
      </Group>
    </Form>
  );
}
