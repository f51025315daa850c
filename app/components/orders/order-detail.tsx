import { useForm } from "@conform-to/react";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/form";
import { errorText } from "~/utils/error-text";
import { CopyText, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import type { OrderActionData, OrderDetailView } from "~/upstream/order-view.server";
import { formatMoney } from "~/utils/format";
import { OrderButtons } from "./order-buttons";
import { OrderLines } from "./order-lines";
import type { OrderIntent } from "~/domain/orders";

export type OrderDetailData = { order: OrderDetailView; path: string; confirm: OrderIntent | null };

/**
 * The order detail page shared by the four kinds' routes (express, local delivery, pickup,
 * virtual): status and next step, what the kind adds (address, store, pickup code, virtual codes),
 * goods with per-line after-sales links, amounts, timeline, buttons.
 */
export function OrderDetailPage() {
  const { t } = useTranslation("orders");
  const { order, path, confirm } = useLoaderData<OrderDetailData>();
  const actionData = useActionData<OrderActionData>();
  // The buttons' confirm step posts hidden fields: a refusal is the form's one error.
  const [form] = useForm({ id: "order-action", lastResult: actionData?.result });
  const here = `${path}?${new URLSearchParams({ order_id: String(order.id) })}`;
  return (
    <Stack gap="md" className="orders-page order-detail">
      <Group justify="between">
        <h1 className="ui-title">{t(`detail.title.${order.type}`, { defaultValue: t("detail.title.1") })}</h1>
        <Link className="ui-anchor" to="/member/order_list">
          {t("detail.backToList")}
        </Link>
      </Group>
      <FormErrors id={form.errorId} errors={form.errors} />

      <Panel className="order-detail__status">
        <p className="order-detail__status-name" data-testid="order-status">
          {errorText(t, order.statusName)}
        </p>
        <p data-testid="order-next">
          {t(`${order.next.key}`)}
          {order.next.deadline ? (
            <>
              {" "}
              <span data-testid="order-deadline">
                {t(order.next.key === "next.pay" ? "next.payBefore" : "next.autoReceiveAt", { time: order.next.deadline })}
              </span>
            </>
          ) : null}
        </p>
        {order.closeCause ? <p className="ui-dimmed">{t("detail.closeCause", { cause: order.closeCause })}</p> : null}
        <OrderButtons
          orderId={order.id}
          orderNo={order.no}
          buttons={order.buttons}
          confirming={confirm}
          confirmHref={(intent) => `${here}&${new URLSearchParams({ confirm: intent })}`}
          here={here}
        />
      </Panel>

      {order.pickup ? (
        <Panel className="order-detail__pickup">
          <h2 className="ui-strong">{t("detail.pickupCode")}</h2>
          <Group gap="lg">
            <img src={order.pickup.qr} alt={t("detail.pickupQr", { code: order.pickup.code })} width={140} height={140} />
            <CopyText text={order.pickup.code} label={t("detail.pickupCode")} testId="pickup-code" />
          </Group>
        </Panel>
      ) : null}

      {order.virtual ? (
        <Panel>
          <h2 className="ui-strong">{t("detail.virtualCodes")}</h2>
          {order.virtual.codes.length === 0 && order.virtual.cards.length === 0 ? <p className="ui-dimmed">{t("detail.noCodes")}</p> : null}
          {order.virtual.codes.length ? (
            <table className="order-lines">
              <thead>
                <tr>
                  <th scope="col">{t("detail.code")}</th>
                  <th scope="col">{t("detail.codeState")}</th>
                  <th scope="col">{t("detail.codeUses")}</th>
                  <th scope="col">{t("detail.codeExpires")}</th>
                </tr>
              </thead>
              <tbody>
                {order.virtual.codes.map((code) => (
                  <tr key={code.code} data-testid="virtual-code">
                    <td>
                      <CopyText text={code.code} label={t("detail.code")} />
                    </td>
                    <td>{t(code.used ? "detail.codeUsed" : "detail.codeUnused")}</td>
                    <td>{code.uses || "—"}</td>
                    <td>{code.expires || t("detail.neverExpires")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {order.virtual.cards.map((card) => (
            <p key={card.cardno}>
              {t("detail.cardNo")} <CopyText text={card.cardno} label={t("detail.cardNo")} /> {t("detail.cardPassword")}{" "}
              <CopyText text={card.password} label={t("detail.cardPassword")} />
            </p>
          ))}
        </Panel>
      ) : null}

      <Panel>
        <h2 className="ui-strong">{t("detail.info")}</h2>
        <dl className="order-detail__facts">
          <dt>{t("order.no")}</dt>
          <dd>
            <CopyText text={order.no} label={t("order.noLabel")} testId="order-no" />
          </dd>
          <dt>{t("detail.shop")}</dt>
          <dd>{order.shop}</dd>
          <dt>{t("detail.type")}</dt>
          <dd>{order.typeName}</dd>
          {order.deliveryTypeName ? (
            <>
              <dt>{t("detail.deliveryType")}</dt>
              <dd>{errorText(t, order.deliveryTypeName)}</dd>
            </>
          ) : null}
          {order.payTypeName ? (
            <>
              <dt>{t("detail.payType")}</dt>
              <dd>{errorText(t, order.payTypeName)}</dd>
            </>
          ) : null}
          {order.receiver ? (
            <>
              <dt>{t("detail.receiver")}</dt>
              <dd data-testid="order-receiver">
                {order.receiver.name} {order.receiver.mobile}
                <br />
                {order.receiver.address}
              </dd>
            </>
          ) : null}
          {order.store ? (
            <>
              <dt>{t("detail.store")}</dt>
              <dd data-testid="order-store">
                {order.store.name}
                {order.store.address ? (
                  <>
                    <br />
                    {order.store.address}
                  </>
                ) : null}
                {order.store.phone ? (
                  <>
                    <br />
                    {t("detail.storePhone", { phone: order.store.phone })}
                  </>
                ) : null}
                {order.store.openDate ? (
                  <>
                    <br />
                    {t("detail.storeHours", { hours: order.store.openDate })}
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          {order.deliverer ? (
            <>
              <dt>{t("detail.deliverer")}</dt>
              <dd data-testid="order-deliverer">
                {order.deliverer.name} {order.deliverer.mobile}
              </dd>
            </>
          ) : null}
          <dt>{t("detail.buyerMessage")}</dt>
          <dd>{order.buyerMessage || t("detail.none")}</dd>
          {order.invoice ? (
            <>
              <dt>{t("detail.invoice")}</dt>
              <dd>
                {order.invoice.title} {order.invoice.taxpayer} {order.invoice.content}
              </dd>
            </>
          ) : null}
        </dl>
        <p>
          <Link className="ui-anchor" to="/member/order_agreement">
            {t("detail.agreement")}
          </Link>
        </p>
      </Panel>

      <Panel>
        <h2 className="ui-strong">{t("detail.goods")}</h2>
        <OrderLines lines={order.lines} withRefund />
      </Panel>

      <Panel>
        <h2 className="ui-strong">{t("detail.amounts")}</h2>
        <dl className="order-detail__facts order-detail__amounts">
          {order.amounts.map((amount) => (
            <div key={amount.key} className="order-detail__amount">
              <dt>{t(`amounts.${amount.key}`)}</dt>
              <dd>
                {amount.sign === "-" ? "-" : ""}
                {formatMoney(amount.value)}
              </dd>
            </div>
          ))}
          <div className="order-detail__amount">
            <dt className="ui-strong">{t("amounts.paid")}</dt>
            <dd className="ui-price" data-testid="order-pay-money">
              {formatMoney(order.payMoney)}
            </dd>
          </div>
        </dl>
      </Panel>

      <Panel>
        <h2 className="ui-strong">{t("detail.timeline")}</h2>
        <ol className="order-timeline">
          {order.timeline.map((entry) => (
            <li key={entry.key}>
              <span>{t(`timeline.${entry.key}`)}</span> <time>{entry.at}</time>
            </li>
          ))}
        </ol>
      </Panel>
    </Stack>
  );
}
