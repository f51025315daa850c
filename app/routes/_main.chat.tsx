import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { useHydrated } from "remix-utils/use-hydrated";
import { openChat, type ChatIslandProps } from "~/components/chat/chat-launcher";
import { ChatMessages } from "~/components/chat/message-list";
import type { ComponentType } from "react";
import { FormErrors } from "~/components/form";
import { upstreamError } from "~/utils/error-text";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, Badge, Button, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { CHAT_IMAGE_MAX_BYTES, CHAT_MAX_LENGTH, chatTextProblem, EMOJI_CODES, emojiSrc, type ChatActionResult, type ChatPageData } from "~/domain/chat";
import { useTranslation } from "~/i18n/translation";
import { CapabilityAbsentError, requireCapability } from "~/upstream/capabilities.server";
import { byeChat, chatKeywords, listChat, markChatRead, sayChat, servicersOnline, uploadChatImage, type ChatSay } from "~/upstream/chat.server";
import { memberContext } from "~/upstream/context.server";
import { UpstreamError } from "~/upstream/http.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { IMAGE_ACCEPT, imageFileProblem } from "~/utils/image-file";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import "~/styles/chat.css";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

/**
 * /chat: the customer-service conversation as a page (docs/chat.md). Without JavaScript it is the
 * whole chat: history 4 a page, a POST form that sends text (with emoji codes), goods/order cards
 * offered by `?goods=`/`?order=`, an image form, and a refresh link. The island posts to the same
 * action (with `island=1`, answered with data instead of a redirect).
 */
/**
 * `loadChatIsland`: the chat island's chunk, loaded by chat-launcher.tsx through this route module
 * (ADR 019). It sits in `handle` because Remix keeps only route exports in the browser's module.
 */
export const handle: RouteHandle & { loadChatIsland: () => Promise<{ default: ComponentType<ChatIslandProps> }> } = {
  i18n: ["chat"],
  title: "chat:title",
  loadChatIsland: () => import("~/components/chat/chat-dialog"),
};

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const QuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  goods: Id.optional().catch(undefined),
  order: Id.optional().catch(undefined),
});

const Common = { servicer_id: z.coerce.number().int().min(0).max(2_147_483_647).catch(0), island: z.literal("1").optional() };
/** Every send is one of these; the file of `image` is read from the form data, not through the schema. */
const IntentSchema = z.discriminatedUnion("intent", [
  // An empty text is read as "" (conform drops it), so the chat's own rule says what is wrong.
  z.object({ intent: z.literal("say"), text: z.string().max(4000).default(""), ...Common }),
  z.object({ intent: z.literal("goods"), sku_id: Id, ...Common }),
  z.object({ intent: z.literal("order"), order_id: Id, ...Common }),
  z.object({ intent: z.literal("image"), ...Common }),
  z.object({ intent: z.literal("read"), ...Common }),
  z.object({ intent: z.literal("bye"), ...Common }),
]);

function chatFeature<T>(load: () => Promise<T>): Promise<T> {
  return requireCapability("chat", load).catch((error: unknown) => {
    // A shop without the servicer addon has no chat: the page does not exist (ADR 009).
    if (error instanceof CapabilityAbsentError) throw notFoundResponse();
    throw error;
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await memberContext(request, context);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (!ctx.token) {
    // spec §6: customer service needs login; the page says so and offers the login.
    return data<ChatPageData>({ member: false, loginUrl: loginUrlFor(request) }, { headers: PRIVATE_NO_STORE });
  }
  const [history, keywords, online] = await chatFeature(() => Promise.all([listChat(ctx, query.page), chatKeywords(ctx), servicersOnline(ctx)]));
  // Reading the newest page marks the servicer's replies read (contract §7.3 setRead).
  if (query.page === 1 && history.messages.some((message) => !message.mine && !message.read)) await markChatRead(ctx).catch(() => undefined);
  return data<ChatPageData>(
    {
      member: true,
      page: query.page,
      pageCount: Math.max(1, history.pageCount),
      messages: history.messages,
      keywords,
      online,
      goods: query.goods ?? null,
      order: query.order ?? null,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await memberContext(request, context);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: IntentSchema });
  // Every refusal is one message for the whole chat (the page's alert, the island's line).
  const fail = (error: string, status: number) =>
    data<ChatActionResult>({ result: submission.reply({ formErrors: [error] }) }, { status, headers: PRIVATE_NO_STORE });
  if (!ctx.token) {
    if (submission.status === "success" && submission.value.island) return fail("chat:notLoggedIn", 401);
    throw redirect(loginUrlFor(request), 303);
  }
  if (submission.status !== "success") return fail("chat:errors.badRequest", 400);
  const intent = submission.value;

  let say: ChatSay | null = null;
  if (intent.intent === "say") {
    const problem = chatTextProblem(intent.text);
    if (problem) return fail(`chat:errors.${problem}`, 400);
    say = { kind: "text", text: intent.text.trim() };
  } else if (intent.intent === "goods") {
    say = { kind: "goods", skuId: intent.sku_id };
  } else if (intent.intent === "order") {
    say = { kind: "order", orderId: intent.order_id };
  } else if (intent.intent === "image") {
    const file = form.get("file");
    const problem = await imageFileProblem(file, CHAT_IMAGE_MAX_BYTES);
    if (problem)
      return fail(
        problem.reason === "missing" ? "chat:errors.missingImage" : problem.reason === "tooLarge" ? "chat:errors.imageTooLarge" : "chat:errors.notImage",
        problem.status,
      );
    say = { kind: "image", path: "" };
  }

  try {
    await chatFeature(async () => {
      if (say?.kind === "image") say = { kind: "image", path: await uploadChatImage(ctx, form.get("file") as File) };
      if (say) await sayChat(ctx, intent.servicer_id, say);
      else if (intent.intent === "read") await markChatRead(ctx);
      else if (intent.intent === "bye") await byeChat(ctx, intent.servicer_id);
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The addon puts its reason in `data` with the message 操作失败 (contract surprise 14).
    const reason = typeof error.data === "string" && error.data ? error.data : error.upstreamMessage;
    return fail(upstreamError(reason || "操作失败"), 409);
  }
  if (intent.island) return data<ChatActionResult>({ ok: true }, { headers: PRIVATE_NO_STORE });
  return redirect("/chat", 303);
}

export default function ChatPage() {
  const { t } = useTranslation("chat");
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  // The text form is conform's; a refusal of any of the page's forms shows above them.
  const [form] = useForm({ id: "chat", lastResult: actionData && "result" in actionData ? actionData.result : undefined });
  if (!view.member) {
    return (
      <Panel className="chat-page">
        <h1 className="ui-title chat-page__title">{t("title")}</h1>
        <Alert color="orange" role="alert">
          {t("notLoggedIn")}
        </Alert>
        <p>
          <Link to={view.loginUrl}>{t("logIn")}</Link>
        </p>
      </Panel>
    );
  }
  return (
    <Panel className="chat-page">
      <Stack gap="md">
        <Group justify="between">
          <h1 className="ui-title chat-page__title">{t("title")}</h1>
          <Badge color={view.online ? "primary" : "gray"}>{view.online ? t("online") : t("offline")}</Badge>
        </Group>
        {/* Without JS the page is the whole chat and says how it updates; with JS the live window does that. */}
        {hydrated ? (
          <p>
            <Button type="button" variant="light" onClick={() => openChat({ goods: view.goods ?? undefined, order: view.order ?? undefined })}>
              {t("openLive")}
            </Button>
          </p>
        ) : (
          <p className="ui-text-sm ui-dimmed">{t("noJs")}</p>
        )}
        {view.page < view.pageCount || view.page > 1 ? (
          <Group gap="md">
            {view.page < view.pageCount ? (
              <Link to={`/chat?page=${view.page + 1}`} rel="prev">
                {t("earlier")}
              </Link>
            ) : null}
            {view.page > 1 ? (
              <Link to={view.page === 2 ? "/chat" : `/chat?page=${view.page - 1}`} rel="next">
                {t("newer")}
              </Link>
            ) : null}
          </Group>
        ) : null}
        {view.messages.length === 0 ? <p>{t("empty")}</p> : <ChatMessages messages={view.messages} label={t("history")} />}
        <FormErrors id={form.errorId} errors={form.errors} />
        {view.goods ? <CardForm intent="goods" name="sku_id" id={view.goods} label={t("sendGoods")} /> : null}
        {view.order ? <CardForm intent="order" name="order_id" id={view.order} label={t("sendOrder")} /> : null}
        {view.keywords.length > 0 ? (
          <Form method="post" action="/chat" className="chat-keywords" aria-label={t("keywords")}>
            <input type="hidden" name="intent" value="say" />
            {view.keywords.map((keyword) => (
              <Button key={keyword} type="submit" name="text" value={keyword} size="xs" variant="outline">
                {keyword}
              </Button>
            ))}
          </Form>
        ) : null}
        <Form method="post" action="/chat" className="chat-form" {...getFormProps(form)}>
          <label htmlFor="chat-text">{t("input")}</label>
          <textarea id="chat-text" name="text" maxLength={CHAT_MAX_LENGTH * 12} />
          <details>
            <summary>{t("emojiPicker")}</summary>
            {/* Without JS, emoji are typed as their codes; the list shows which code is which. */}
            <ul className="chat-emoji-picker">
              {EMOJI_CODES.map((code) => (
                <li key={code}>
                  <img src={emojiSrc(code)} alt="" width={22} height={22} /> <code>[{code}]</code> {t(`emoji.${code}`)}
                </li>
              ))}
            </ul>
          </details>
          <Button type="submit" name="intent" value="say">
            {t("send")}
          </Button>
        </Form>
        <Form method="post" action="/chat" encType="multipart/form-data" className="chat-form">
          <label htmlFor="chat-image">{t("image")}</label> <input id="chat-image" type="file" name="file" accept={IMAGE_ACCEPT} required />
          <Button type="submit" name="intent" value="image" variant="light">
            {t("send")}
          </Button>
        </Form>
        {hydrated ? null : (
          <ButtonLink to="/chat" variant="subtle" className="chat-page__refresh">
            {t("refresh")}
          </ButtonLink>
        )}
      </Stack>
    </Panel>
  );
}

/** Sends the card of the goods or order the page was opened with (`?goods=`, `?order=`). */
function CardForm({ intent, name, id, label }: { intent: "goods" | "order"; name: "sku_id" | "order_id"; id: number; label: string }) {
  return (
    <Form method="post" action="/chat">
      <input type="hidden" name={name} value={id} />
      <Button type="submit" name="intent" value={intent} variant="light">
        {label}
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
