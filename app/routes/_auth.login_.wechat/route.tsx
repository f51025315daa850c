import { useForm, type FormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { requireVisitor } from "~/auth/guards.server";
import { readWechatLogin } from "~/session/session.server";
import { checkWechatLogin, startWechatLogin, WECHAT_BIND_PATH, WECHAT_LOGIN_PATH, wechatPath } from "~/auth/wechat-login.server";
import { FormErrors } from "~/components/form";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui";
import { RedirectSchema } from "~/domain/auth-fields";
import { useTranslation } from "~/i18n/translation";
import { wechatLoginOffered } from "~/upstream/wechat-login.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
import { NewCodeForm } from "./new-code-form";
import { isCheckAnswer, POLL_INTERVAL_MS, WECHAT_CHECK_PATH } from "./poll";

export const handle: RouteHandle = { i18n: ["auth"], title: "auth:wechat.title" };

/** "new-code": a QR code (the login page's WeChat entry, and "refresh" once one expired); "check": "我已扫码" without JS. */
const WechatLoginSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("new-code"), redirect: RedirectSchema }),
  z.object({ intent: z.literal("check"), redirect: RedirectSchema }),
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  if (!(await wechatLoginOffered(ctx))) throw notFoundResponse();
  const redirectTo = RedirectSchema.catch(undefined).parse(new URL(request.url).searchParams.get("redirect") ?? undefined) ?? "";
  const state = await readWechatLogin(request, context);
  if (state?.step === "bind") throw redirect(wechatPath(WECHAT_BIND_PATH, redirectTo));
  const expiresIn = state ? Math.max(0, Math.floor((state.expiresAt - Date.now()) / 1000)) : 0;
  return { code: state && expiresIn > 0 ? { image: state.image, expiresIn } : null, hadCode: state !== null, redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: WechatLoginSchema });
  // Both forms are a button and a hidden field: any problem is the form's.
  if (submission.status !== "success") return data({ check: null, result: submission.reply({ formErrors: ["auth:wechat.badRequest"] }) }, { status: 400 });
  const { intent, redirect: redirectTo } = submission.value;
  if (!(await wechatLoginOffered(ctx, { fresh: intent === "new-code" }))) throw notFoundResponse();

  if (intent === "new-code") {
    const started = await startWechatLogin(request, context, ctx);
    if (started.ok) return redirect(wechatPath(WECHAT_LOGIN_PATH, redirectTo), { status: 303, headers: { "Set-Cookie": started.cookie } });
    if (started.refusal)
      return data(
        { check: null, result: submission.reply({ formErrors: [started.refusal] }) },
        { status: 429, headers: { "Retry-After": String(started.retryAfter) } },
      );
    const back = redirectTo ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : "/login";
    return redirectWithToast(back, { kind: "error", key: "auth:wechat.unavailable" });
  }

  const outcome = await checkWechatLogin(request, context, ctx, redirectTo);
  switch (outcome.status) {
    case "go":
      return redirect(outcome.to, { status: 303, headers: outcome.headers });
    case "waiting":
      return data({ check: "waiting" as const, result: submission.reply() });
    case "expired":
      return data({ check: "expired" as const, result: submission.reply() }, { headers: outcome.headers });
    case "refused":
      return data({ check: "expired" as const, result: submission.reply({ formErrors: [outcome.message] }) }, { status: 409, headers: outcome.headers });
  }
}

export default function WechatLoginPage() {
  const { t } = useTranslation("auth");
  const { code, hadCode, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const backToLogin = redirectTo ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : "/login";
  const expiredNow = actionData?.check === "expired";
  // A refusal (a bad form, too many codes, the upstream's) shows above the button that asks for a new code.
  const [form] = useForm({ id: "wechat-login", lastResult: actionData?.result });

  return (
    <AuthCard title={t("wechat.title")}>
      {code && !expiredNow ? (
        // Keyed by the picture: a new code starts a new poll.
        <ScanCode key={code.image} code={code} redirectTo={redirectTo} notScanned={actionData?.check === "waiting"} />
      ) : (
        <>
          <FormErrors id={form.errorId} errors={form.errors} />
          <NoCode expired={hadCode || expiredNow} redirectTo={redirectTo} form={form} />
        </>
      )}
      <Link to={backToLogin} className="ui-anchor ui-text-sm">
        {t("wechat.backToLogin")}
      </Link>
    </AuthCard>
  );
}

/** The QR code, and how the scan is noticed: the poll with JS, the "我已扫码" post without. */
function ScanCode({ code, redirectTo, notScanned }: { code: { image: string; expiresIn: number }; redirectTo: string; notScanned: boolean }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const poll = useScanPoll(code.expiresIn, redirectTo);
  if (poll.expired) {
    return (
      <>
        <FormErrors errors={poll.refusal ? [poll.refusal] : undefined} />
        <NoCode expired redirectTo={redirectTo} />
      </>
    );
  }
  return (
    <>
      <img src={code.image} alt={t("wechat.qrAlt")} width={200} height={200} className="wechat-login__qr" />
      <p className="ui-text-sm auth-card__text">{t("wechat.scanHint")}</p>
      {hydrated ? (
        <p className="ui-text-sm ui-dimmed" role="status">
          {t("wechat.waiting")}
        </p>
      ) : (
        <>
          {notScanned ? (
            <p className="ui-text-sm" role="status">
              {t("wechat.notScanned")}
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="redirect" value={redirectTo} />
            <Button type="submit" name="intent" value="check" fullWidth>
              {t("wechat.scanned")}
            </Button>
          </Form>
        </>
      )}
    </>
  );
}

/** No code (yet, or any more): a button that asks for one (bound to the page's form when it answers here). */
function NoCode({ expired, redirectTo, form }: { expired: boolean; redirectTo: string; form?: FormMetadata }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <p className="ui-text-sm auth-card__text" role="status">
        {expired ? t("wechat.expired") : t("wechat.intro")}
      </p>
      <NewCodeForm redirectTo={redirectTo} label={expired ? t("wechat.refresh") : t("wechat.getCode")} form={form} />
    </>
  );
}

/**
 * With JS: asks the BFF every 2 s whether the code was scanned (POST /login/wechat/check, which
 * keeps the session's key to itself), as Niushop's PC client polls `checklogin`. Stops when the
 * code expires (its remaining seconds, `expiresIn`; 0 = no code), the answer sends the page on
 * (signed in, or on to binding a mobile: a whole new document, the session has changed), or the
 * page goes away. A failed poll is tried again at the next tick.
 */
function useScanPoll(expiresIn: number, redirectTo: string) {
  const [expired, setExpired] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (expiresIn <= 0) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = setTimeout(() => {
      stopped = true;
      clearTimeout(timer);
      setExpired(true);
    }, expiresIn * 1000);
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(deadline);
    };
    const tick = async () => {
      try {
        const response = await fetch(WECHAT_CHECK_PATH, {
          method: "POST",
          body: new URLSearchParams({ redirect: redirectTo }),
          headers: { Accept: "application/json" },
        });
        const answer: unknown = response.headers.get("Content-Type")?.includes("application/json") ? await response.json() : null;
        if (stopped) return;
        if (response.redirected || !isCheckAnswer(answer)) {
          // Not an answer of the poll (signed in meanwhile in another tab, say): the page itself decides.
          stop();
          window.location.reload();
          return;
        }
        if (answer.status === "go") {
          stop();
          window.location.assign(answer.to);
          return;
        }
        if (answer.status === "expired" || answer.status === "refused") {
          stop();
          setExpired(true);
          if (answer.status === "refused") setRefusal(answer.message);
          return;
        }
      } catch {
        // the network failed this time: the next tick asks again
      }
      if (!stopped) timer = setTimeout(tick, POLL_INTERVAL_MS);
    };
    timer = setTimeout(tick, POLL_INTERVAL_MS);
    return stop;
  }, [expiresIn, redirectTo]);
  return { expired, refusal };
}
