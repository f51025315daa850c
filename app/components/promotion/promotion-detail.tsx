import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { errorText } from "~/utils/error-text";
import { PriceTag } from "~/components/goods/price-tag";
import { Alert, Button, ButtonLink, Group, Panel } from "~/components/ui";
import type { SeckillPhase } from "~/domain/seckill";
import { useTranslation } from "~/i18n/translation";
import { Countdown } from "./countdown";

/**
 * The parts every promotion's detail page shares (seckill, group buy, combo…): the price with the
 * time left, and the buy form whose button says why it cannot be pressed.
 */

type Price = { price: string | null; marketPrice: string | null; hiddenReason: "login" | "sale-control" };

/** The activity's price (or why it is hidden) and the countdown to its end or start. */
export function PromotionPricePanel({
  label,
  testId,
  view,
  phase,
  endedText,
  endsInLabel,
  startsInLabel,
  className,
}: {
  label: string;
  testId: string;
  view: Price;
  phase: SeckillPhase;
  endedText: string;
  endsInLabel: string;
  startsInLabel: string;
  className?: string;
}) {
  return (
    <Panel className={className}>
      <dl className="goods-detail__prices">
        <div>
          <dt>{label}</dt>
          <dd data-testid={testId}>
            <PriceTag price={view.price} marketPrice={view.marketPrice} visible={view.price !== null} hiddenReason={view.hiddenReason} size="xl" />
          </dd>
        </div>
      </dl>
      {phase.state === "ended" ? (
        <p className="seckill-countdown" data-testid="seckill-countdown">
          {endedText}
        </p>
      ) : (
        <Countdown seconds={phase.seconds} label={phase.state === "running" ? endsInLabel : startsInLabel} />
      )}
    </Panel>
  );
}

/**
 * A promotion's buy form: the action's refusal, the fields, then either a disabled button that
 * says why (`blocked`) or the submit buttons; a visitor also gets a link to log in and come back.
 */
export function PromotionBuyForm({
  error,
  blocked,
  loginHref,
  submit,
  fields,
  links,
  footer,
}: {
  error: string | null | undefined;
  blocked: string | null;
  /** Set for a visitor. */
  loginHref: string | null;
  submit: ReactNode;
  fields: ReactNode;
  links?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation(["promotion", "goods", "common"]);
  return (
    <Form method="post" className="buy-form" preventScrollReset>
      {error ? (
        <Alert color="red" role="alert">
          {errorText(t, error)}
        </Alert>
      ) : null}
      {fields}
      <Group gap="sm" className="buy-form__actions">
        {blocked ? (
          <Button type="button" size="md" color="red" disabled>
            {blocked}
          </Button>
        ) : (
          submit
        )}
        {loginHref ? (
          <ButtonLink to={loginHref} variant="outline">
            {t("seckill.login")}
          </ButtonLink>
        ) : null}
        {links}
      </Group>
      {footer}
    </Form>
  );
}
