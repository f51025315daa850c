import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { z } from "zod";
import { requireVerifier } from "~/auth/verifier.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { listVerified, listVerifyTypes } from "~/upstream/verify.server";
import { toCodeView, type VerificationListData } from "~/upstream/verify-view.server";
import type { RouteHandle } from "~/utils/handle";
import { VerificationListPage } from "~/components/verification/pages";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireVerifier(request, context);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const types = await listVerifyTypes(ctx);
  // A kind the upstream does not offer is not a tab: show them all.
  const type = query.type && types.some((kind) => kind.key === query.type) ? query.type : "all";
  const page = query.page ?? 1;
  const history = await listVerified(ctx, { type, page, pageSize: PAGE_SIZE });
  const now = Math.floor(Date.now() / 1000);
  return data<VerificationListData>(
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
    { headers: PRIVATE_NO_STORE },
  );
}

export default VerificationListPage;

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
