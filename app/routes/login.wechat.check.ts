import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireVisitor } from "~/auth/guards.server";
import { checkWechatLogin } from "~/auth/wechat-login.server";
import { RedirectSchema } from "~/domain/auth-fields";
import { wechatLoginOffered } from "~/upstream/wechat-login.server";
import { badRequest, plainError } from "~/utils/bad-request.server";
import { readFormData } from "~/utils/form-data.server";
import { notFoundResponse } from "~/utils/not-found.server";
import type { CheckAnswer } from "./_auth.login_.wechat/poll";

const CheckSchema = z.object({ redirect: RedirectSchema });

// Not conform (issue 32): the poll's JSON resource route (CheckAnswer), never a page rendering a submission's result; a bad body is one 400.
/**
 * POST /login/wechat/check: the WeChat login page's poll with JS (ADR 062). One `checklogin` of
 * the session's QR code; answers JSON (CheckAnswer) with the session's cookies: signed in or on to
 * binding a mobile ("go", the page follows `to`), still waiting, expired, or refused. A POST,
 * since its answer may sign in; the same check as the page's "我已扫码" post without JS.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  const parsed = CheckSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw await badRequest(request);
  if (!(await wechatLoginOffered(ctx))) throw notFoundResponse();
  const outcome = await checkWechatLogin(request, context, ctx, parsed.data.redirect);
  const answer: CheckAnswer =
    outcome.status === "go"
      ? { status: "go", to: outcome.to }
      : outcome.status === "refused"
        ? { status: "refused", message: outcome.message }
        : { status: outcome.status };
  const headers = new Headers("headers" in outcome ? outcome.headers : undefined);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(answer), { headers });
}

/** GET: nothing to read here (the check may sign in, so it is a POST). */
export async function loader({ request }: { request: Request }) {
  const response = await plainError(request, 405);
  response.headers.set("Allow", "POST");
  return response;
}
