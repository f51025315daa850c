import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { errorText } from "~/utils/error-text";
import { CardActions } from "~/components/member/card-actions";
import { PageHeader } from "~/components/member/page-header";
import { Alert, ConfirmStep, Badge, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { formErrorFor } from "~/upstream/error-messages";
import { deleteBankAccount, findBankAccount, listBankAccounts, setDefaultBankAccount } from "~/upstream/finance.server";
import { UpstreamError } from "~/upstream/http.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { IdParam, queryOf } from "~/utils/member-query";
import { redirectWithToast } from "~/utils/toast.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["finance"], title: "finance:accountList.title" };

const AccountId = z.coerce.number({ invalid_type_error: "finance:errors.unknownAccount" }).int().positive().max(2_147_483_647);
const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-default"), id: AccountId }),
  z.object({ intent: z.literal("delete"), id: AccountId }),
]);

/** A card number or account shown with its middle hidden: "6225 **** 6789". */
function masked(account: string): string {
  return account.length > 8 ? `${account.slice(0, 4)} **** ${account.slice(-4)}` : account;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const confirm = IdParam.parse(queryOf(request).confirm);
  const accounts = await listBankAccounts(ctx);
  return {
    accounts: accounts.map((account) => ({
      id: account.id,
      type: account.withdraw_type_name || account.withdraw_type,
      realname: account.realname,
      mobile: account.mobile,
      bank: account.branch_bank_name,
      number: masked(account.bank_account),
      isDefault: account.is_default,
    })),
    // `?confirm=<id>`: the deletion being confirmed (the no-JS confirmation step).
    confirm: accounts.some((account) => account.id === confirm) ? confirm : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: IntentSchema });
  if (submission.status !== "success") return data({ error: "finance:errors.badRequest" }, { status: 400 });
  const intent = submission.value;
  // Another member's id: nothing of theirs is touched, the page says the account is unknown.
  if (!(await findBankAccount(ctx, intent.id))) return data({ error: "finance:errors.unknownAccount" }, { status: 404 });
  try {
    if (intent.intent === "set-default") await setDefaultBankAccount(ctx, intent.id);
    else await deleteBankAccount(ctx, intent.id);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data({ error: formErrorFor(error) }, { status: 409 });
  }
  return redirectWithToast("/member/account_list", {
    kind: "success",
    key: intent.intent === "delete" ? "finance:accountList.deleted" : "finance:accountList.defaultSet",
  });
}

export default function AccountListPage() {
  const { t } = useTranslation("finance");
  const { accounts, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Stack className="member-page">
      <PageHeader title={t("accountList.title")} links={[{ to: "/member/account_edit", label: t("accountList.add") }]} />
      {actionData?.error ? <Alert color="red">{errorText(t, actionData.error)}</Alert> : null}
      {accounts.length === 0 ? (
        <Panel>
          <p>{t("accountList.empty")}</p>
        </Panel>
      ) : (
        <ul className="member-cards" aria-label={t("accountList.title")}>
          {accounts.map((account) => (
            <li key={account.id}>
              <Panel>
                <Stack gap="xs">
                  <Group gap="sm">
                    <strong>{account.type}</strong>
                    {account.isDefault ? <Badge color="primary">{t("accountList.default")}</Badge> : null}
                  </Group>
                  <p className="ui-text-sm">
                    {account.realname} · {account.mobile}
                  </p>
                  {account.bank ? <p className="ui-text-sm">{account.bank}</p> : null}
                  <p className="ui-text-sm">{account.number}</p>
                  {confirm === account.id ? (
                    <ConfirmStep
                      title={t("accountList.confirmTitle")}
                      text={t("accountList.confirmText", { number: account.number })}
                      intent="delete"
                      submitLabel={t("accountList.confirmDelete")}
                      cancelLabel={t("accountList.cancel")}
                      cancelHref="/member/account_list"
                    >
                      <input type="hidden" name="id" value={account.id} />
                    </ConfirmStep>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="id" value={account.id} />
                      <CardActions
                        isDefault={account.isDefault}
                        editHref={`/member/account_edit?id=${account.id}`}
                        deleteHref={`/member/account_list?confirm=${account.id}`}
                        labels={{
                          setDefault: t("accountList.setDefault"),
                          setDefaultName: t("accountList.setDefaultLabel", { number: account.number }),
                          edit: t("accountList.edit"),
                          editName: t("accountList.editLabel", { number: account.number }),
                          delete: t("accountList.delete"),
                          deleteName: t("accountList.deleteLabel", { number: account.number }),
                        }}
                      />
                    </Form>
                  )}
                </Stack>
              </Panel>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
