import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { FormErrors } from "~/components/form";
import { Button, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { CapabilityAbsentError } from "~/upstream/capabilities.server";
import { formErrorFor } from "~/upstream/error-messages";
import { createRechargeOrder } from "~/upstream/finance.server";
import { UpstreamError } from "~/upstream/http.server";
import { readFormData } from "~/utils/form-data.server";
import { formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { ChoiceSchema, choiceOf } from "./choice.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["finance"], title: "finance:rechargeOrder.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = ChoiceSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const choice = query.success ? await choiceOf(ctx, query.data) : null;
  if (choice === null) throw notFoundResponse();
  if (typeof choice === "string") return data({ choice: null, error: choice }, { status: 400 });
  return { choice, error: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  // The page's hidden choice (no typed field): the package or the amount the loader checked.
  const submission = parseWithZod(await readFormData(request), { schema: ChoiceSchema });
  const choice = submission.status === "success" ? await choiceOf(ctx, submission.value) : null;
  if (choice === null) return data({ result: submission.reply({ formErrors: ["finance:errors.unknownPackage"] }) }, { status: 404 });
  if (typeof choice === "string") return data({ result: submission.reply({ formErrors: [choice] }) }, { status: 400 });
  try {
    const outTradeNo = await createRechargeOrder(ctx, choice.kind === "package" ? { rechargeId: choice.id } : { faceValue: choice.amount });
    return redirect(`/pay?${new URLSearchParams({ out_trade_no: outTradeNo })}`, 303);
  } catch (error) {
    if (error instanceof CapabilityAbsentError) throw notFoundResponse();
    if (!(error instanceof UpstreamError)) throw error;
    return data({ result: submission.reply({ formErrors: [formErrorFor(error)] }) }, { status: 409 });
  }
}

export default function RechargeOrderPage() {
  const { t } = useTranslation("finance");
  const { choice, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form] = useForm({ id: "recharge-order", lastResult: actionData?.result });
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("rechargeOrder.title")}</h1>
      <FormErrors id={form.errorId} errors={form.errors ?? (error ? [error] : undefined)} />
      {choice ? (
        <Panel>
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="sm">
              <dl className="member-dl">
                <dt>{t("rechargeOrder.item")}</dt>
                <dd>{choice.kind === "package" ? choice.name : t("rechargeOrder.custom")}</dd>
                <dt>{t("rechargeOrder.pay")}</dt>
                <dd>
                  <strong>{formatMoney(choice.kind === "package" ? choice.price : choice.amount)}</strong>
                </dd>
                <dt>{t("rechargeOrder.get")}</dt>
                <dd>{formatMoney(choice.kind === "package" ? choice.value : choice.amount)}</dd>
                {choice.kind === "package" && choice.point ? (
                  <>
                    <dt>{t("rechargeOrder.gift")}</dt>
                    <dd>{t("rechargeOrder.points", { point: choice.point })}</dd>
                  </>
                ) : null}
              </dl>
              {choice.kind === "package" ? (
                <input type="hidden" name="recharge_id" value={choice.id} />
              ) : (
                <input type="hidden" name="face_value" value={choice.amount} />
              )}
              <Group gap="sm">
                <Button type="submit" disabled={busy}>
                  {t("rechargeOrder.submit")}
                </Button>
                <Link to="/member/recharge_list" className="ui-anchor">
                  {t("rechargeOrder.back")}
                </Link>
              </Group>
            </Stack>
          </Form>
        </Panel>
      ) : (
        <Link to="/member/recharge_list" className="ui-anchor">
          {t("rechargeOrder.back")}
        </Link>
      )}
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
