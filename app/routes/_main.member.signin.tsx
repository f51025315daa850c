import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { errorText } from "~/utils/error-text";
import { Alert, Button, Group, Panel, Stack } from "~/components/ui";
import { monthWeeks } from "~/domain/member-assets";
import { useTranslation } from "~/i18n/translation";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { getSigninConfig, hasSignedInToday, listSigninRecords, signIn } from "~/upstream/member-assets.server";
import { getMember } from "~/upstream/member.server";
import { formatDate } from "~/utils/format";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { redirectWithToast } from "~/utils/toast.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["assets"], title: "assets:signin.title" };

const IntentSchema = z.object({ intent: z.literal("signin") });

/** 签到: this month's calendar (China days) with the days signed, the series, the rewards, and the sign-in button. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const config = await getSigninConfig(ctx);
  // No sign-in upstream (capability absent): the page does not exist.
  if (!config) throw data(null, { status: 404 });
  const [member, signedToday, records] = await Promise.all([getMember(ctx), hasSignedInToday(ctx), listSigninRecords(ctx)]);
  const today = formatDate(Math.floor(Date.now() / 1000));
  const [year, month, day] = today.split("-").map(Number);
  const monthPrefix = today.slice(0, 8);
  const signedDays = records
    .map((record) => formatDate(record.create_time))
    .filter((date) => date.startsWith(monthPrefix))
    .map((date) => Number(date.slice(8)));
  const rewards = [...config.value.reward].sort((a, b) => a.day - b.day);
  return {
    open: config.is_use === 1,
    cycle: config.value.cycle,
    daily: rewards.find((reward) => reward.day === 1) ?? null,
    bonuses: rewards.filter((reward) => reward.day > 1),
    signedToday,
    series: member.sign_days_series,
    point: member.point,
    growth: member.growth,
    year,
    month,
    today: day,
    weeks: monthWeeks(year, month),
    signedDays,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: IntentSchema });
  if (submission.status !== "success") return data({ error: "assets:errors.badRequest" }, { status: 400 });
  const config = await getSigninConfig(ctx);
  if (!config) throw data(null, { status: 404 });
  if (config.is_use !== 1) return data({ error: "assets:errors.signinClosed" }, { status: 403 });
  try {
    await signIn(ctx);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Already signed today (SIGNED_IN): nothing more is given.
    if (error.upstreamMessage === "SIGNED_IN") return data({ error: "assets:errors.signedIn" }, { status: 409 });
    return data({ error: formErrorFor(error) }, { status: 409 });
  }
  return redirectWithToast("/member/signin", { kind: "success", key: "assets:signin.done" });
}

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

export default function SigninPage() {
  const { t } = useTranslation("assets");
  const { open, cycle, daily, bonuses, signedToday, series, point, growth, year, month, today, weeks, signedDays } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const signed = new Set(signedDays);
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("signin.title")}</h1>
      {actionData?.error ? <Alert color="red">{errorText(t, actionData.error)}</Alert> : null}
      <Panel>
        <Group justify="between">
          <dl className="member-dl" data-testid="signin-summary">
            <dt>{t("signin.series")}</dt>
            <dd>{t("signin.days", { n: series })}</dd>
            <dt>{t("signin.point")}</dt>
            <dd>{point}</dd>
            <dt>{t("signin.growth")}</dt>
            <dd>{growth}</dd>
          </dl>
          {!open ? (
            <p>{t("signin.closed")}</p>
          ) : signedToday ? (
            <Button type="button" disabled>
              {t("signin.signedToday")}
            </Button>
          ) : (
            <Form method="post">
              <Button type="submit" name="intent" value="signin">
                {t("signin.submit")}
              </Button>
            </Form>
          )}
        </Group>
      </Panel>
      <Panel>
        <table className="member-calendar">
          <caption>{t("signin.month", { year, month })}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((weekday) => (
                <th key={weekday} scope="col">
                  <abbr title={t(`signin.weekdays.${weekday}.long`)}>{t(`signin.weekdays.${weekday}.short`)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={index}>
                {week.map((dayOfMonth, cell) => (
                  <td
                    key={cell}
                    data-signed={dayOfMonth !== null && signed.has(dayOfMonth) ? "" : undefined}
                    aria-current={dayOfMonth === today ? "date" : undefined}
                  >
                    {dayOfMonth === null ? null : (
                      <>
                        <span>{dayOfMonth}</span>
                        {signed.has(dayOfMonth) ? (
                          <span className="member-calendar__mark">
                            <span aria-hidden="true">✓</span>
                            <span className="visually-hidden">{t("signin.signedMark")}</span>
                          </span>
                        ) : null}
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel>
        <Stack gap="xs">
          <h2 className="ui-title member-home__section-title">{t("signin.rules")}</h2>
          <ul className="member-benefits">
            {daily ? <li>{t("signin.dailyReward", { point: daily.point, growth: daily.growth })}</li> : null}
            {bonuses.map((bonus) => (
              <li key={bonus.day}>{t("signin.bonusReward", { day: bonus.day, point: bonus.point, growth: bonus.growth })}</li>
            ))}
            <li>{t("signin.cycle", { cycle })}</li>
          </ul>
        </Stack>
      </Panel>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
