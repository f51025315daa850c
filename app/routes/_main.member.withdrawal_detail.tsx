import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Alert, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { findWithdrawal } from "~/upstream/finance.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { IdParam, queryOf } from "~/utils/member-query";
import { notFoundResponse } from "~/utils/not-found.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["finance"], title: "finance:withdrawalDetail.title" };

/** The steps of a withdrawal (contract §6.10 statuses): applied → reviewed → transferred, or an end by refusal/failure. */
function timeline(detail: { status: number; apply_time: number; audit_time: number; payment_time: number }) {
  const at = (time: number) => (time ? formatDateTime(time) : "");
  const steps: { key: string; time: string; done: boolean }[] = [{ key: "applied", time: at(detail.apply_time), done: true }];
  if (detail.status === -1) return [...steps, { key: "refused", time: at(detail.audit_time), done: true }];
  steps.push({ key: "approved", time: at(detail.audit_time), done: detail.status !== 0 });
  if (detail.status === -2) return [...steps, { key: "failed", time: "", done: true }];
  steps.push({ key: "paid", time: at(detail.payment_time), done: detail.status === 2 });
  return steps;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const id = IdParam.parse(queryOf(request).id);
  // No id, a bad one, or another member's withdrawal: a page that does not exist for this member.
  const detail = id ? await findWithdrawal(ctx, id) : null;
  if (!detail) throw notFoundResponse();
  return {
    detail: {
      no: detail.withdraw_no,
      status: detail.status_name,
      amount: detail.apply_money,
      fee: detail.service_money,
      net: detail.money,
      rate: detail.rate,
      type: detail.transfer_type_name,
      bank: detail.bank_name,
      account: detail.account_number,
      realname: detail.realname,
      refuseReason: detail.refuse_reason,
      failReason: detail.fail_reason,
    },
    steps: timeline(detail),
  };
}

export default function WithdrawalDetailPage() {
  const { t } = useTranslation("finance");
  const { detail, steps } = useLoaderData<typeof loader>();
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("withdrawalDetail.title")}</h1>
      {detail.refuseReason ? <Alert color="red">{t("withdrawalDetail.refused", { reason: detail.refuseReason })}</Alert> : null}
      {detail.failReason ? <Alert color="red">{t("withdrawalDetail.failed", { reason: detail.failReason })}</Alert> : null}
      <Panel>
        <ol className="member-timeline" aria-label={t("withdrawalDetail.timeline")}>
          {steps.map((step) => (
            <li key={step.key} data-done={step.done || undefined}>
              {t(`withdrawalDetail.steps.${step.key}`)}
              {step.time ? ` · ${step.time}` : ""}
            </li>
          ))}
        </ol>
      </Panel>
      <Panel>
        <dl className="member-dl">
          <dt>{t("withdrawalDetail.no")}</dt>
          <dd>{detail.no}</dd>
          <dt>{t("withdrawalDetail.status")}</dt>
          <dd>{detail.status}</dd>
          <dt>{t("withdrawalDetail.amount")}</dt>
          <dd>{formatMoney(detail.amount)}</dd>
          <dt>{t("withdrawalDetail.fee")}</dt>
          <dd>{t("withdrawalDetail.feeText", { fee: formatMoney(detail.fee), rate: detail.rate })}</dd>
          <dt>{t("withdrawalDetail.net")}</dt>
          <dd>{formatMoney(detail.net)}</dd>
          <dt>{t("withdrawalDetail.to")}</dt>
          <dd>{[detail.type, detail.bank, detail.account, detail.realname].filter(Boolean).join(" · ")}</dd>
        </dl>
      </Panel>
      <Link to="/member/withdrawal" className="ui-anchor">
        {t("withdrawalDetail.back")}
      </Link>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
