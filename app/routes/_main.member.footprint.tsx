import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { parseCalendarDay } from "~/domain/calendar-day";
import { requireMember } from "~/auth/guards.server";
import { errorText } from "~/utils/error-text";
import { GoodsTile } from "~/components/member/goods-tile";
import { PostButton } from "~/components/form";
import { Alert, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { groupByDay } from "~/domain/member-assets";
import { useTranslation } from "~/i18n/translation";
import { deleteFootprints, listFootprints } from "~/upstream/member-assets.server";
import { toGoodsTile } from "~/upstream/member-assets-view.server";
import { formatDate } from "~/utils/format";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { redirectWithToast } from "~/utils/toast.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["assets", "goods"], title: "assets:footprint.title" };

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive().max(2_147_483_647) }),
  z.object({ intent: z.literal("delete-day"), day: z.string().refine((value) => parseCalendarDay(value) !== null) }),
]);

/** 我的足迹: every browsed goods (one per goods, the latest visit), grouped by China day, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const rows = await listFootprints(ctx);
  return {
    days: groupByDay(rows, (row) => formatDate(row.browse_time)).map((group) => ({ day: group.day, goods: group.rows.map((row) => toGoodsTile(row, row.id)) })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: IntentSchema });
  if (submission.status !== "success") return data({ error: "assets:errors.badRequest" }, { status: 400 });
  const intent = submission.value;
  if (intent.intent === "delete") {
    // The upstream deletes only the caller's rows: 0 = unknown or another member's id.
    if ((await deleteFootprints(ctx, [intent.id])) === 0) return data({ error: "assets:errors.unknownFootprint" }, { status: 404 });
    return redirectWithToast("/member/footprint", { kind: "success", key: "assets:footprint.deleted" });
  }
  const ids = (await listFootprints(ctx)).filter((row) => formatDate(row.browse_time) === intent.day).map((row) => row.id);
  if (ids.length === 0 || (await deleteFootprints(ctx, ids)) === 0) return data({ error: "assets:errors.unknownDay" }, { status: 404 });
  return redirectWithToast("/member/footprint", { kind: "success", key: "assets:footprint.dayDeleted" });
}

export default function FootprintPage() {
  const { t } = useTranslation("assets");
  const { days } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("footprint.title")}</h1>
      {actionData?.error ? <Alert color="red">{errorText(t, actionData.error)}</Alert> : null}
      {days.length === 0 ? (
        <Panel>
          <Stack gap="sm">
            <p>{t("footprint.empty")}</p>
            <ButtonLink to="/list" variant="outline">
              {t("collection.browse")}
            </ButtonLink>
          </Stack>
        </Panel>
      ) : (
        days.map((group) => (
          <section key={group.day} aria-labelledby={`footprint-${group.day}`}>
            <Stack gap="sm">
              <Group justify="between">
                <h2 id={`footprint-${group.day}`} className="ui-title member-home__section-title">
                  {group.day}
                </h2>
                <PostButton
                  intent="delete-day"
                  fields={{ day: group.day }}
                  variant="subtle"
                  color="red"
                  aria-label={t("footprint.deleteDayLabel", { day: group.day })}
                >
                  {t("footprint.deleteDay")}
                </PostButton>
              </Group>
              <ul className="member-cards" aria-label={t("footprint.dayLabel", { day: group.day })}>
                {group.goods.map((item) => (
                  <li key={item.id}>
                    <GoodsTile goods={item}>
                      <PostButton intent="delete" fields={{ id: item.id }} aria-label={t("footprint.deleteLabel", { name: item.name })}>
                        {t("footprint.delete")}
                      </PostButton>
                    </GoodsTile>
                  </li>
                ))}
              </ul>
            </Stack>
          </section>
        ))
      )}
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
