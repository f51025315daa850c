import { getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { FormPanel, TextField } from "~/components/form";
import { errorsText } from "~/utils/error-text";
import { NativeSelect, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { formErrorFor } from "~/upstream/error-messages";
import { addBankAccount, editBankAccount, findBankAccount, listTransferTypes } from "~/upstream/finance.server";
import { UpstreamError } from "~/upstream/http.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { editPageQuery } from "~/utils/member-query";
import { notFoundResponse } from "~/utils/not-found.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { BankAccountFormSchema } from "./schema";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = {
  i18n: ["finance"],
  title: (data, t) => t((data as { account: unknown } | undefined)?.account ? "finance:accountEdit.editTitle" : "finance:accountEdit.addTitle"),
};

/** Where to go after saving: a same-site path (apply_withdrawal sends its own), else the list. */
const returnTarget = (raw: string | undefined) => safeRedirect(raw, "/member/account_list");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = editPageQuery(request);
  if (!query) throw notFoundResponse();
  const [account, types] = await Promise.all([query.id ? findBankAccount(ctx, query.id) : null, listTransferTypes(ctx)]);
  // Another member's or a deleted account is a page that does not exist for this member.
  if (query.id && !account) throw notFoundResponse();
  return {
    account: account
      ? {
          id: account.id,
          withdraw_type: account.withdraw_type,
          realname: account.realname,
          mobile: account.mobile,
          branch_bank_name: account.branch_bank_name,
          bank_account: account.bank_account,
        }
      : null,
    types: Object.entries(types).map(([value, label]) => ({ value, label })),
    target: query.redirect ? returnTarget(query.redirect) : "",
    constraint: getZodConstraint(BankAccountFormSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: BankAccountFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  // The shop decides which transfer types exist (transfertype); anything else is refused here.
  const types = await listTransferTypes(ctx);
  if (!types[value.withdraw_type])
    return data({ result: submission.reply({ fieldErrors: { withdraw_type: ["finance:errors.transferType"] } }) }, { status: 400 });
  if (value.id && !(await findBankAccount(ctx, value.id))) throw notFoundResponse();
  const input = {
    realname: value.realname,
    mobile: value.mobile,
    withdraw_type: value.withdraw_type,
    branch_bank_name: value.withdraw_type === "bank" ? value.branch_bank_name : "",
    bank_account: value.bank_account,
  };
  try {
    if (value.id) await editBankAccount(ctx, value.id, input);
    else await addBankAccount(ctx, input);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data({ result: submission.reply({ formErrors: [formErrorFor(error)] }) }, { status: 400 });
  }
  return redirectWithToast(returnTarget(value.redirect), { kind: "success", key: "finance:accountEdit.saved" });
}

export default function AccountEditPage() {
  const { t } = useTranslation("finance");
  const { account, types, target, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "bank-account",
    lastResult: actionData?.result,
    constraint,
    defaultValue: account ?? { withdraw_type: types[0]?.value },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { key: typeKey, ...typeProps } = getSelectProps(fields.withdraw_type);
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t(account ? "accountEdit.editTitle" : "accountEdit.addTitle")}</h1>
      <FormPanel
        form={form}
        submit={t("accountEdit.save")}
        back={
          <Link to={target || "/member/account_list"} className="ui-anchor">
            {t("accountEdit.back")}
          </Link>
        }
      >
        {account ? <input type="hidden" name="id" value={account.id} /> : null}
        {target ? <input type="hidden" name="redirect" value={target} /> : null}
        <NativeSelect key={typeKey} {...typeProps} label={t("accountEdit.type")} data={types} error={errorsText(t, fields.withdraw_type.errors)} />
        <TextField meta={fields.realname} label={t("accountEdit.realname")} autoComplete="name" />
        <TextField meta={fields.mobile} type="tel" label={t("accountEdit.mobile")} autoComplete="tel" />
        <TextField meta={fields.branch_bank_name} label={t("accountEdit.branch")} description={t("accountEdit.branchHint")} />
        <TextField meta={fields.bank_account} label={t("accountEdit.account")} description={t("accountEdit.accountHint")} autoComplete="off" />
      </FormPanel>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
