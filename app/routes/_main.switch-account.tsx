import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { commitToken } from "~/session/session.server";
import { AccountList } from "~/components/layout/switch-account-link";
import { toastContent } from "~/utils/error-text";
import { Panel, Stack } from "~/components/ui";
import { CapabilityAbsentError } from "~/upstream/capabilities.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { listLinkedAccounts, switchAccount, type LinkedAccountsData } from "~/upstream/member.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export const handle: RouteHandle = { title: "switchAccount.title" };

const SwitchSchema = z.object({ member_id: z.coerce.number({ invalid_type_error: "validation:required" }).int().positive() });

/** The linked accounts (the page for visitors without JS; the dialog loads the same data); 404 without the addon. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const accounts = await listLinkedAccounts(ctx);
  if (!accounts) throw notFoundResponse();
  return { accounts } satisfies LinkedAccountsData;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: SwitchSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { token } = await switchAccount(ctx, submission.value.member_id);
    const cookie = await commitToken(request, context, token, { newSignIn: true });
    return redirectWithToast("/member/index", { kind: "success", key: "common:toast.loginSuccessful" }, [cookie]);
  } catch (error) {
    if (error instanceof CapabilityAbsentError) throw notFoundResponse();
    if (!(error instanceof UpstreamError)) throw error;
    return redirectWithToast("/switch-account", { kind: "error", ...toastContent(formErrorFor(error)) });
  }
}

export default function SwitchAccountPage() {
  const { t } = useTranslation();
  const { accounts } = useLoaderData<typeof loader>();
  return (
    <Panel className="switch-account-page">
      <Stack>
        <h1 className="ui-title switch-account-page__title">{t("switchAccount.title")}</h1>
        <AccountList accounts={accounts} />
      </Stack>
    </Panel>
  );
}
