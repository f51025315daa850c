import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { getTransactionAgreement } from "~/upstream/orders.server";
import type { RouteHandle } from "~/utils/handle";
import { sanitizeUpstreamHtml } from "~/utils/sanitize.server";

// The purchase agreement (/api/order/transactionagreement), linked from every order detail. A page
// rather than a dialog: it works without JS and can be linked to (docs/orders.md).

export const handle: RouteHandle = { i18n: ["orders"], title: "orders:agreement.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const agreement = await getTransactionAgreement(ctx);
  return data({ title: agreement.title, html: sanitizeUpstreamHtml(agreement.content, ctx.baseUrl) }, { headers: PRIVATE_NO_STORE });
}

export default function OrderAgreementPage() {
  const { t } = useTranslation("orders");
  const { title, html } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" className="orders-page">
      <h1 className="ui-title">{title || t("agreement.title")}</h1>
      <Panel>{html ? <div className="order-agreement" dangerouslySetInnerHTML={{ __html: html }} /> : <p>{t("agreement.empty")}</p>}</Panel>
      <Link className="ui-anchor" to="/member/order_list">
        {t("detail.backToList")}
      </Link>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
