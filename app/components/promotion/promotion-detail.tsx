import { getFormProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors, TextField } from "~/components/form";
import { PriceTag } from "~/components/goods/price-tag";
import { Button, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import type { SeckillPhase } from "~/domain/seckill";
import { useTranslation } from "~/i18n/translation";
import { Countdown } from "./countdown";

/**
 * The parts every promotion's detail page shares (seckill, group buy, combo…, the points
 * exchange): the picture beside the name, the price with the time left, and the buy form (conform's,
 * the action's refusal above it) whose button says why it cannot be pressed.
 */

/** The page: the picture beside its heading (badge, name, introduction) and the details, then any sections. */
export function PromotionDetail({
  nameId,
  className = "seckill-detail",
  image,
  picture,
  badge,
  name,
  introduction,
  children,
  sections,
}: {
  nameId: string;
  className?: string;
  image?: string;
  /** The page's own picture instead of `image`. */
  picture?: ReactNode;
  badge: ReactNode;
  name: string;
  introduction?: string;
  children: ReactNode;
  sections?: ReactNode;
}) {
  return (
    <article className={className} aria-labelledby={nameId}>
      <div className="seckill-detail__top">
        {picture ?? (image ? <img src={image} alt="" width={360} height={360} className="seckill-detail__image" /> : null)}
        <Stack gap="sm" className="seckill-detail__info">
          <p>{badge}</p>
          <h1 id={nameId} className="goods-detail__name">
            {name}
          </h1>
          {introduction ? <p className="goods-detail__intro">{introduction}</p> : null}
          {children}
        </Stack>
      </div>
      {sections}
    </article>
  );
}

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
 * The buy form's conform state: the action's last answer (a refusal), the schema's constraints
 * (from the loader: zod stays on the server), the quantity it starts from. Validation is the
 * server's (ADR 010): only a submit asks it.
 */
export function useBuyForm(id: string, num: number, constraint: Parameters<typeof useForm>[0]["constraint"]) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  return useForm<{ num: string }>({
    id,
    lastResult: actionData?.result,
    constraint,
    defaultValue: { num: String(num) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
}

/**
 * How many to buy, bound to the buy form: the page's own bounds come on top of the schema's. Its
 * `max` is what is `available` (stock, the member's limit), unset when that is under `min` (nothing
 * can be bought: the button says why).
 */
export function BuyQuantityField({
  meta,
  label,
  min = 1,
  available,
  step,
  description,
  disabled,
}: {
  meta: FieldMetadata<string>;
  label: string;
  min?: number;
  available: number;
  step?: number;
  description?: string;
  disabled: boolean;
}) {
  return (
    <TextField
      meta={meta}
      type="number"
      inputMode="numeric"
      label={label}
      min={min}
      max={available >= min ? available : undefined}
      step={step}
      required
      disabled={disabled}
      description={description}
      className="buy-form__num"
    />
  );
}

/**
 * A promotion's buy form: the action's refusal, the fields, then either a disabled button that
 * says why (`blocked`) or the submit buttons; a visitor also gets a link to log in and come back.
 */
export function PromotionBuyForm({
  form,
  blocked,
  loginHref,
  submit,
  fields,
  links,
  footer,
}: {
  form: FormMetadata<{ num: string }>;
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
    <Form method="post" className="buy-form" preventScrollReset {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
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
