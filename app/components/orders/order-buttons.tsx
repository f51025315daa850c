import { ButtonLink, ConfirmStep, Group, NativeSelect } from "~/components/ui";
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
      {pending ? <OrderConfirmStep orderId={orderId} orderNo={orderNo} intent={pending} here={here} /> : null}
    </div>
  );
}

function OrderConfirmStep({ orderId, orderNo, intent, here }: { orderId: number; orderNo: string; intent: OrderIntent; here: string }) {
  const { t } = useTranslation("orders");
  return (
    <ConfirmStep
      action={here}
      className="order-confirm"
      data-testid="order-confirm"
      title={t(`confirm.${intent}.title`)}
      text={t(`confirm.${intent}.text`, { no: orderNo })}
      intent={intent}
      submitLabel={t(`confirm.${intent}.submit`)}
      cancelLabel={t("confirm.cancel")}
      cancelHref={here}
      danger={intent === "close" || intent === "delete"}
    >
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
    </ConfirmStep>
  );
}
