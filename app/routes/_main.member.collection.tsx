import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { errorText } from "~/utils/error-text";
import { GoodsTile } from "~/components/member/goods-tile";
import { Pager } from "~/components/member/pager";
import { PostButton } from "~/components/form";
import { Alert, ButtonLink, Panel, Stack } from "~/components/ui";
import { strictPage } from "~/domain/member-assets";
import { useTranslation } from "~/i18n/translation";
import { unfollowGoods } from "~/upstream/collect.server";
import { listFollows } from "~/upstream/member-assets.server";
import { toGoodsTile } from "~/upstream/member-assets-view.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { queryOf } from "~/utils/member-query";
import { redirect } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["assets", "goods", "finance"], title: "assets:collection.title" };

const PAGE_SIZE = 12;
const Id = z.coerce.number().int().positive().max(2_147_483_647);
const IntentSchema = z.object({ intent: z.literal("unfollow"), goods_id: Id, sku_id: Id.optional(), page: z.coerce.number().int().min(1).max(9999).catch(1) });

function pageHref(page: number) {
  return page > 1 ? `/member/collection?page=${page}` : "/member/collection";
}

/** 我的关注: the followed goods as cards (price as sale control allows), paged, each with an unfollow button. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const page = strictPage(queryOf(request).page);
  if (page === null) throw data(null, { status: 400 });
  const follows = await listFollows(ctx, { page, pageSize: PAGE_SIZE });
  // Past the last page (the last follow of a page was just removed): the last page instead.
  if (follows.list.length === 0 && follows.page_count > 0 && page > follows.page_count) throw redirect(pageHref(follows.page_count));
  return { page, pageCount: follows.page_count, count: follows.count, goods: follows.list.map((row) => toGoodsTile(row, row.collect_id)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: IntentSchema });
  if (submission.status !== "success") return data({ error: "assets:errors.badRequest" }, { status: 400 });
  const { goods_id: goodsId, sku_id: skuId, page } = submission.value;
  // Not followed (or another member's follow): nothing changes, the page says so.
  const removed = await unfollowGoods(ctx, { goods_id: goodsId, sku_id: skuId ?? 0 });
  if (removed === 0) return data({ error: "assets:errors.unknownFollow" }, { status: 404 });
  return redirectWithToast(pageHref(page), { kind: "success", key: "assets:collection.unfollowed" });
}

export default function CollectionPage() {
  const { t } = useTranslation("assets");
  const { page, pageCount, count, goods } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("collection.title")}</h1>
      {actionData?.error ? <Alert color="red">{errorText(t, actionData.error)}</Alert> : null}
      {goods.length === 0 ? (
        <Panel>
          <Stack gap="sm">
            <p>{t("collection.empty")}</p>
            <ButtonLink to="/list" variant="outline">
              {t("collection.browse")}
            </ButtonLink>
          </Stack>
        </Panel>
      ) : (
        <>
          <p className="ui-text-sm ui-dimmed">{t("collection.count", { n: count })}</p>
          <ul className="member-cards" aria-label={t("collection.title")}>
            {goods.map((item) => (
              <li key={item.id}>
                <GoodsTile goods={item}>
                  <PostButton
                    intent="unfollow"
                    fields={{ goods_id: item.goodsId, sku_id: item.skuId, page }}
                    aria-label={t("collection.unfollowLabel", { name: item.name })}
                  >
                    {t("collection.unfollow")}
                  </PostButton>
                </GoodsTile>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager page={page} pageCount={pageCount} href={pageHref} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
