import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { readFormData } from "~/utils/form-data.server";
import { redirect } from "~/utils/redirect.server";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { z } from "zod";
import { attempt } from "~/auth/sign-in.server";
import { errorText, toastContent } from "~/utils/error-text";
import { AdBanner } from "~/components/catalog/ad-banner";
import { Badge, Button, Grid, Group, Panel, Stack } from "~/components/ui";
import { toCents } from "~/domain/pricing/money";
import { listCouponTypes, receiveCoupon } from "~/upstream/coupon.server";
import { memberContext } from "~/upstream/context.server";
import { getBanner } from "~/upstream/site.server";
import { formatDate, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { loginUrlFor } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:coupon.title" };

const ReceiveSchema = z.object({ intent: z.literal("receive"), coupon_type_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** /coupon: the coupon zone. Anyone can look; receiving is a POST that needs a member. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await memberContext(request, context);
  const [types, banner] = await Promise.all([listCouponTypes(ctx), getBanner("NS_PC_COUPON")]);
  return {
    banner,
    coupons: types.map((coupon) => ({
      id: coupon.coupon_type_id,
      name: coupon.coupon_name,
      kind: coupon.type,
      money: coupon.money,
      discount: coupon.discount,
      atLeast: coupon.at_least,
      goodsScope: coupon.goods_type_name,
      endTime: coupon.end_time,
      validityDays: coupon.validity_type === 1 ? coupon.fixed_term : 0,
      soldOut: coupon.count > 0 && coupon.lead_count >= coupon.count,
      held: coupon.member_coupon_num ?? 0,
      maxFetch: coupon.max_fetch,
      percentTaken: coupon.count > 0 ? Math.min(100, Math.round((coupon.lead_count / coupon.count) * 100)) : 0,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await memberContext(request, context);
  // Receiving needs a member: a visitor logs in and comes back here.
  if (!ctx.token) throw redirect(loginUrlFor(request), 303);
  const submission = parseWithZod(await readFormData(request), { schema: ReceiveSchema });
  if (submission.status !== "success") return data({ error: "catalog:coupon.bad" }, { status: 400 });
  const outcome = await attempt(() => receiveCoupon(ctx, submission.value.coupon_type_id));
  if (!outcome.ok) return redirectWithToast("/coupon", { kind: "warning", ...toastContent(outcome.refusal) });
  return redirectWithToast("/coupon", { kind: "success", key: "catalog:coupon.received" });
}

export default function CouponZonePage() {
  const { t } = useTranslation("catalog");
  const { banner, coupons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Stack gap="md" className="coupon-page">
      <AdBanner banner={banner} />
      <h1 className="ui-title coupon-page__title">{t("coupon.title")}</h1>
      {actionData?.error ? (
        <p role="alert" className="coupon-page__text">
          {errorText(t, actionData.error)}
        </p>
      ) : null}
      {coupons.length === 0 ? <p className="coupon-page__text">{t("coupon.empty")}</p> : null}
      <Grid cols={3}>
        {coupons.map((coupon) => (
          <Panel key={coupon.id} className="coupon-card" aria-label={coupon.name}>
            <Group justify="between" className="coupon-card__head">
              <div>
                <p className="coupon-card__value">
                  {coupon.kind === "discount" ? t("coupon.discount", { rate: Number(coupon.discount) }) : formatMoney(coupon.money)}
                </p>
                <p className="ui-text-sm coupon-card__text">
                  {toCents(coupon.atLeast) > 0n ? t("coupon.atLeast", { amount: formatMoney(coupon.atLeast) }) : t("coupon.noThreshold")}
                </p>
              </div>
              {coupon.held > 0 ? (
                <Badge color="primary" variant="filled">
                  {t("coupon.held", { count: coupon.held })}
                </Badge>
              ) : null}
            </Group>
            <p className="coupon-card__name">{coupon.name}</p>
            <p className="ui-text-xs ui-dimmed coupon-card__text">
              {coupon.goodsScope}
              {coupon.validityDays > 0
                ? ` · ${t("coupon.validDays", { days: coupon.validityDays })}`
                : coupon.endTime
                  ? ` · ${t("coupon.until", { date: formatDate(coupon.endTime) })}`
                  : ""}
            </p>
            <p className="ui-text-xs ui-dimmed coupon-card__text">{t("coupon.taken", { percent: coupon.percentTaken })}</p>
            <Form method="post" className="coupon-card__form">
              <input type="hidden" name="intent" value="receive" />
              <input type="hidden" name="coupon_type_id" value={coupon.id} />
              <Button
                type="submit"
                size="xs"
                className="coupon-card__receive"
                disabled={coupon.soldOut || (coupon.maxFetch > 0 && coupon.held >= coupon.maxFetch)}
                loading={navigation.formData?.get("coupon_type_id") === String(coupon.id)}
              >
                {coupon.soldOut ? t("coupon.soldOut") : coupon.maxFetch > 0 && coupon.held >= coupon.maxFetch ? t("coupon.limitReached") : t("coupon.receive")}
              </Button>
            </Form>
          </Panel>
        ))}
      </Grid>
      <Link to="/member/my_coupon">{t("coupon.mine")}</Link>
    </Stack>
  );
}
