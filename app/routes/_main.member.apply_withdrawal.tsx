import { randomUUID } from "node:crypto";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { claim, forget, type Subject } from "~/auth/attempts.server";
import { requireMember } from "~/auth/guards.server";
import { FormPanel, TextField } from "~/components/form";
import { Alert, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { AMOUNT_PATTERN, withdrawFee, withdrawProblem, type WithdrawProblem, type WithdrawRules } from "~/domain/finance/withdrawal";
import { centsToYuan } from "~/domain/pricing/money";
import { useTranslation } from "~/i18n/translation";
import { formErrorFor } from "~/upstream/error-messages";
import { applyWithdrawal, findBankAccount, getWithdrawInfo, listBankAccounts, listTransferTypes } from "~/upstream/finance.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { readFormData } from "~/utils/form-data.server";
import { errorsText } from "~/utils/error-text";
import { formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { IdParam, queryOf } from "~/utils/member-query";
import { redirectWithToast } from "~/utils/toast.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["finance"], title: "finance:apply.title" };

const BAD_AMOUNT = "finance:errors.withdraw.badAmount";
const STALE_FORM = "finance:errors.withdraw.staleForm";

const ApplySchema = z.object({
  account_id: z.coerce
    .number({ required_error: "finance:errors.unknownAccount", invalid_type_error: "finance:errors.unknownAccount" })
    .int()
    .positive()
    .max(2_147_483_647),
  // Digits with up to 2 decimals (the domain's pattern, also the input's native one); the rules come after.
  apply_money: z.string({ required_error: BAD_AMOUNT, invalid_type_error: BAD_AMOUNT }).trim().regex(AMOUNT_PATTERN, BAD_AMOUNT),
  /** The form's one-time id (the loader's): a form posted again is never applied twice. */
  form_id: z.string({ required_error: STALE_FORM, invalid_type_error: STALE_FORM }).uuid(STALE_FORM),
});

/** The rules of the shop's config and the member's cash balance (contract §6.10). */
async function rulesOf(ctx: UpstreamContext): Promise<WithdrawRules> {
  const [info, types] = await Promise.all([getWithdrawInfo(ctx), listTransferTypes(ctx)]);
  return {
    enabled: info.config.is_use === 1,
    min: info.config.min,
    max: info.config.max,
    available: info.member_info.balance_money,
    rate: info.config.rate,
    transferTypes: Object.keys(types),
  };
}

/** The translated message of a refused amount. */
function problemMessage(problem: WithdrawProblem): string {
  switch (problem.reason) {
    case "belowMin":
      return `finance:errors.withdraw.belowMin|min=${problem.min}`;
    case "aboveMax":
      return `finance:errors.withdraw.aboveMax|max=${problem.max}`;
    default:
      return `finance:errors.withdraw.${problem.reason}`;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const [rules, accounts] = await Promise.all([rulesOf(ctx), listBankAccounts(ctx)]);
  // Only accounts of a transfer type the shop still allows can receive money.
  const usable = accounts.filter((account) => rules.transferTypes.includes(account.withdraw_type));
  const chosen = IdParam.parse(query.account);
  const selected = usable.find((account) => account.id === chosen) ?? usable.find((account) => account.is_default) ?? usable[0];
  return {
    rules,
    // The fee on ¥100.00, as an example next to the rate.
    exampleFee: centsToYuan(Number(withdrawFee("100", rules.rate).fee)),
    accounts: usable.map((account) => ({
      id: account.id,
      label: [
        account.withdraw_type_name,
        account.branch_bank_name,
        account.bank_account.length > 8 ? `**** ${account.bank_account.slice(-4)}` : account.bank_account,
        account.realname,
      ]
        .filter(Boolean)
        .join(" · "),
    })),
    selectedId: selected?.id ?? null,
    // "Withdraw all" without JS: a link that comes back with the whole cash balance filled in.
    amount: query.all === "1" ? rules.available : "",
    formId: randomUUID(),
    // The schema's native constraints (required, the amount's pattern): zod stays on the server (ADR 010).
    constraint: getZodConstraint(ApplySchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: ApplySchema });
  if (submission.status !== "success") {
    // Without its one-time id the form is not this page's (an old copy): fill it in again.
    if (submission.error?.form_id) return data({ result: submission.reply({ formErrors: [STALE_FORM], hideFields: ["apply_money"] }) }, { status: 400 });
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { account_id: accountId, apply_money: amount, form_id: formId } = submission.value;
  // The account must be the member's own (a foreign id is refused before anything else).
  const account = await findBankAccount(ctx, accountId);
  if (!account) return data({ result: submission.reply({ formErrors: ["finance:errors.unknownAccount"] }) }, { status: 400 });
  const problem = withdrawProblem(amount, account.withdraw_type, await rulesOf(ctx));
  if (problem) return data({ result: submission.reply({ formErrors: [problemMessage(problem)] }) }, { status: problem.reason === "disabled" ? 403 : 400 });
  // The upstream has no key that makes apply happen once: this form's id does. A resubmitted form
  // (a reload after a time-out, a second click without JS) lands on the records instead.
  const form: Subject = ["withdrawalForm", formId];
  if (!(await claim(form))) return redirectWithToast("/member/withdrawal", { kind: "warning", key: "finance:apply.alreadySubmitted" });
  try {
    await applyWithdrawal(ctx, {
      applyMoney: amount,
      transferType: account.withdraw_type,
      realname: account.realname,
      mobile: account.mobile,
      bankName: account.branch_bank_name,
      accountNumber: account.bank_account,
    });
  } catch (error) {
    // The upstream's answer is shown as it is (a race with another application, a rule we did not know).
    if (!(error instanceof UpstreamError)) throw error;
    // Refused: nothing was applied, so the same form may be sent again once corrected.
    await forget([form]);
    return data({ result: submission.reply({ formErrors: [formErrorFor(error)] }) }, { status: 409 });
  }
  // The upstream answers no id (`data: ""`): the records, newest first, as the PC goes there.
  return redirectWithToast("/member/withdrawal", { kind: "success", key: "finance:apply.applied" });
}

export default function ApplyWithdrawalPage() {
  const { t } = useTranslation("finance");
  const { rules, exampleFee, accounts, amount } = useLoaderData<typeof loader>();
  const max = Number(rules.max) === 0 ? t("apply.noWithdrawal") : formatMoney(rules.max);

  if (!rules.enabled) {
    return (
      <Stack className="member-page">
        <h1 className="ui-title member-page__title">{t("apply.title")}</h1>
        <Alert color="orange">{t("apply.disabled")}</Alert>
      </Stack>
    );
  }
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("apply.title")}</h1>
      <Panel>
        <dl className="member-dl">
          <dt>{t("apply.available")}</dt>
          <dd>
            <strong>{formatMoney(rules.available)}</strong>
          </dd>
          <dt>{t("apply.limits")}</dt>
          <dd>{t("apply.limitsText", { min: formatMoney(rules.min), max })}</dd>
          <dt>{t("apply.rate")}</dt>
          <dd>{t("apply.rateText", { rate: rules.rate, fee: formatMoney(exampleFee) })}</dd>
        </dl>
      </Panel>
      {accounts.length === 0 ? (
        <Alert color="orange" title={t("apply.noAccount")}>
          <Link to={`/member/account_edit?${new URLSearchParams({ redirect: "/member/apply_withdrawal" })}`} className="ui-anchor">
            {t("apply.addAccount")}
          </Link>
        </Alert>
      ) : (
        // "Withdraw all" loads the page with another amount: the form starts again from it.
        <WithdrawalForm key={amount} />
      )}
    </Stack>
  );
}

function WithdrawalForm() {
  const { t } = useTranslation("finance");
  const { accounts, selectedId, amount, formId, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof ApplySchema>>({
    id: "withdrawal",
    lastResult: actionData?.result,
    constraint,
    defaultValue: { apply_money: amount },
    // Validation happens on the server (ADR 010): only a submit asks it.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    <FormPanel
      form={form}
      label={t("apply.title")}
      submit={t("apply.submit")}
      busy={busy}
      back={
        <ButtonLink to="/member/withdrawal" variant="subtle">
          {t("apply.records")}
        </ButtonLink>
      }
    >
      {/* The page's one-time id, new on every render (never echoed: an old copy stays old). */}
      <input type="hidden" name="form_id" value={formId} />
      <fieldset className="member-fieldset">
        <legend>{t("apply.account")}</legend>
        <Stack gap="xs">
          {accounts.map((account) => (
            <label key={account.id} className="member-radio">
              <input type="radio" name="account_id" value={account.id} defaultChecked={account.id === selectedId} required />
              <span>{account.label}</span>
            </label>
          ))}
        </Stack>
        {fields.account_id.errors ? <p className="ui-field__error">{errorsText(t, fields.account_id.errors)}</p> : null}
      </fieldset>
      <Link to="/member/account_list" className="ui-anchor ui-text-sm">
        {t("apply.manageAccounts")}
      </Link>
      <Group gap="sm">
        <TextField meta={fields.apply_money} label={t("apply.amount")} inputMode="decimal" autoComplete="off" />
        <Link to={selectedId ? `/member/apply_withdrawal?all=1&account=${selectedId}` : "/member/apply_withdrawal?all=1"} className="ui-anchor ui-text-sm">
          {t("apply.all")}
        </Link>
      </Group>
    </FormPanel>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
