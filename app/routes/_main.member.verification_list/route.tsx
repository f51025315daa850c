import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { requireVerifier } from "~/auth/verifier.server";
import { PaginationLinks } from "~/components/pagination-links";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { listVerified, listVerifyTypes } from "~/upstream/verify.server";
import { toCodeView } from "~/upstream/verify-view.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["verification"], title: "verification:list.title" };

const PAGE_SIZE = 10;

/** `type`: "all" or a kind key of getverifytype; `page` from 1. Anything else reads as the defaults. */
const QuerySchema = z.object({
  type: z
    .string()
    .regex(/^[a-z_]{1,32}$/)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

const listUrl = (type: string, page = 1) => {
  const params = new URLSearchParams();
  if (type !== "all") params.set("type", type);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/member/verification_list?${query}` : "/member/verification_list";
};

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireVerifier(request);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const types = await listVerifyTypes(ctx);
  // A kind the upstream does not offer is not a tab: show them all.
  const type = query.type && types.some((kind) => kind.key === query.type) ? query.type : "all";
  const page = query.page ?? 1;
  const history = await listVerified(ctx, { type, page, pageSize: PAGE_SIZE });
  const now = Math.floor(Date.now() / 1000);
  return data(
    {
      tabs: [{ key: "all", name: "" }, ...types],
      type,
      page,
      pageCount: history.page_count,
      rows: history.list.map((info) => {
        const view = toCodeView(info, now);
        return {
          code: view.code,
          typeName: view.typeName,
          goods: view.items.map((item) => `${item.name} ×${item.num}`).join("，"),
          orderNo: info.remark_array[1]?.value ?? "",
          verifierName: view.verifierName,
          verifiedAt: view.verifiedAt,
          state: view.state,
          uses: view.uses,
        };
      }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function VerificationListPage() {
  const { t } = useTranslation("verification");
  const { tabs, type, page, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" className="verification-page">
      <Group justify="between">
        <h1 className="ui-title">{t("list.title")}</h1>
        <ButtonLink to="/member/verification" variant="outline">
          {t("desk.title")}
        </ButtonLink>
      </Group>
      {/* Tabs are links (work without JS); the current one is marked for assistive technology. */}
      <nav aria-label={t("list.tabs")} className="verification-tabs">
        {tabs.map((tab) => (
          <Link key={tab.key} to={listUrl(tab.key)} aria-current={tab.key === type ? "page" : undefined}>
            {tab.key === "all" ? t("list.all") : tab.name}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <Panel>
          <p>{t("list.empty")}</p>
        </Panel>
      ) : (
        <table className="ui-table verification-history">
          <caption className="visually-hidden">{t("list.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("details.code")}</th>
              <th scope="col">{t("details.type")}</th>
              <th scope="col">{t("details.items")}</th>
              <th scope="col">{t("list.orderNo")}</th>
              <th scope="col">{t("details.verifiedAt")}</th>
              <th scope="col">{t("details.state")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.code}>
                <td>
                  <Link
                    to={`/member/verification_detail?${new URLSearchParams({ verify_code: row.code })}`}
                    aria-label={t("list.detailLabel", { code: row.code })}
                  >
                    {row.code}
                  </Link>
                </td>
                <td>{row.typeName}</td>
                <td>{row.goods}</td>
                <td>{row.orderNo}</td>
                <td>
                  {row.verifiedAt} {row.verifierName}
                </td>
                <td>
                  <Badge color={row.state === "used" ? "gray" : "primary"}>{t(`state.${row.state}`)}</Badge>{" "}
                  <span className="ui-text-sm ui-dimmed">{t("details.usesValue", { done: row.uses.done, total: row.uses.total })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PaginationLinks page={page} pageCount={pageCount} hrefFor={(next) => listUrl(type, next)} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
