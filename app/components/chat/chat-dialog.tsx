import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { errorText } from "~/utils/error-text";
import { Button, CloseButton } from "~/components/ui";
import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MAX_LENGTH,
  CHAT_PING_MS,
  chatLength,
  chatTextProblem,
  CLOSE,
  EMOJI_CODES,
  emojiSrc,
  type ChatActionResult,
  type ChatMessageView,
  type ChatPageData,
  type RelayFrame,
} from "~/domain/chat";
import { useEnsureNamespaces, useTranslation } from "~/i18n/translation";
import { IMAGE_ACCEPT } from "~/utils/image-file";
import type { ChatIslandProps } from "./chat-launcher";
import { ChatMessages } from "./message-list";
import "~/styles/chat.css";
import { loginUrlTo } from "~/utils/safe-redirect";

/**
 * The chat island (lazy chunk, docs/chat.md): history and sending go through the /chat route's
 * loader and action (the BFF adds the token); live replies come over /chat/socket, which the BFF
 * relays. One send at a time; reconnects with back-off after a drop; says goodbye on close.
 */
type Status = "connecting" | "online" | "offline" | "reconnecting" | "ended" | "visitor" | RelayRefusal;
type RelayRefusal = "idle" | "tooManyMessages" | "tooManySockets" | "frameTooLarge" | "busy";

/** The relay's limits (docs/security.md "Chat socket limits"): each said in the status line. */
const REFUSALS: Record<number, RelayRefusal> = {
  [CLOSE.idle]: "idle",
  [CLOSE.tooManyMessages]: "tooManyMessages",
  [CLOSE.tooManySockets]: "tooManySockets",
  [CLOSE.frameTooLarge]: "frameTooLarge",
  [CLOSE.busy]: "busy",
};
const MAX_BACKOFF_MS = 30_000;

const NAMESPACES = ["chat"];

export default function ChatDialog({ topic, onClose }: ChatIslandProps) {
  // The page that opened the island may not carry the chat's translations: fetch them.
  useEnsureNamespaces(NAMESPACES);
  const { t } = useTranslation("chat");
  /** Messages that came over the socket (history pages come from the fetchers). */
  const [live, setLive] = useState(new Map<number, ChatMessageView>());
  /** Earlier pages loaded with "load earlier", by page number. */
  const [pages, setPages] = useState(new Map<number, ChatMessageView[]>());
  const [earlierSeen, setEarlierSeen] = useState<unknown>(null);
  const [socketStatus, setSocketStatus] = useState<Status>("connecting");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const servicerId = useRef(0);
  const latest = useFetcher<ChatPageData>();
  const earlier = useFetcher<ChatPageData>();
  const sender = useFetcher<ChatActionResult>();
  const marker = useFetcher<ChatActionResult>();
  const body = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const loadLatest = useRef(() => {});
  const markRead = useRef(() => {});
  useEffect(() => {
    loadLatest.current = () => latest.load("/chat?page=1");
    markRead.current = () => marker.submit({ intent: "read", island: "1" }, { method: "post", action: "/chat" });
  });

  // An earlier page arrived: keep it (React's "adjust state when a value changes" pattern).
  if (earlier.data && earlier.data !== earlierSeen) {
    setEarlierSeen(earlier.data);
    if (earlier.data.member) setPages(new Map(pages).set(earlier.data.page, earlier.data.messages));
  }
  const newest = latest.data?.member ? latest.data : null;
  const oldestPage = Math.max(1, ...pages.keys());
  const pageCount = newest?.pageCount ?? 1;
  const keywords = newest?.keywords ?? [];
  const visitor = latest.data !== undefined && !latest.data.member;
  const status: Status = visitor ? "visitor" : socketStatus === "connecting" && newest ? (newest.online ? "online" : "offline") : socketStatus;

  useEffect(() => loadLatest.current(), []);

  // The socket: state, replies and the end of the conversation arrive here.
  useEffect(() => {
    let socket: WebSocket | null = null;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      const reconnecting = attempt > 0;
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/chat/socket`);
      socket = ws;
      ws.onmessage = (event) => {
        // spec §4/§9: ping every 1500 ms, the timer restarted by every frame received.
        clearInterval(ping);
        ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), CHAT_PING_MS);
        let frame: RelayFrame;
        try {
          frame = JSON.parse(String(event.data)) as RelayFrame;
        } catch {
          return;
        }
        if (frame.type === "state") {
          attempt = 0;
          servicerId.current = frame.servicerId;
          setSocketStatus(frame.online ? "online" : "offline");
          // Whatever arrived while we were away.
          if (reconnecting) loadLatest.current();
        } else if (frame.type === "servicer") {
          setSocketStatus("online");
        } else if (frame.type === "message") {
          const message = frame.message;
          setLive((previous) => new Map(previous).set(message.id, message));
          if (!message.mine) markRead.current();
        } else if (frame.type === "close") {
          setSocketStatus("ended");
        }
      };
      ws.onclose = (event) => {
        clearInterval(ping);
        if (stopped) return;
        if (event.code === CLOSE.ended) return setSocketStatus("ended");
        if (event.code === CLOSE.unauthorized) return setSocketStatus("visitor");
        const refusal = REFUSALS[event.code];
        // Too many sockets of this member: another would be refused too; reopening the dialog tries again.
        if (refusal === "tooManySockets") return setSocketStatus(refusal);
        // Dropped (upstream restarted, network) or cut by a limit: try again, waiting longer each time.
        setSocketStatus(refusal ?? "reconnecting");
        retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    };
  }, []);

  // After a send: our own message comes from the history (the upstream echoes only to servicers).
  const sent = sender.state === "idle" && sender.data && "ok" in sender.data ? sender.data : null;
  useEffect(() => {
    if (sent) loadLatest.current();
  }, [sent]);
  const sendError = sender.state === "idle" && sender.data && "result" in sender.data ? (sender.data.result.error?.[""]?.[0] ?? null) : null;
  const shownProblem = problem ?? sendError;

  const sorted = useMemo(() => {
    const all = new Map<number, ChatMessageView>();
    for (const list of pages.values()) for (const message of list) all.set(message.id, message);
    for (const message of newest?.messages ?? []) all.set(message.id, message);
    for (const message of live.values()) all.set(message.id, message);
    return [...all.values()].sort((a, b) => a.id - b.id);
  }, [pages, newest, live]);
  const newestId = sorted.at(-1)?.id;
  useEffect(() => {
    body.current?.scrollTo({ top: body.current.scrollHeight });
  }, [newestId]);

  const busy = sender.state !== "idle";
  const submit = (fields: Record<string, string>) => {
    if (busy) return; // one send at a time (spec §5)
    setProblem(null);
    sender.submit({ ...fields, servicer_id: String(servicerId.current), island: "1" }, { method: "post", action: "/chat" });
  };
  const sendText = (value: string, clear: boolean) => {
    const issue = chatTextProblem(value);
    if (issue) return setProblem(`chat:errors.${issue}`);
    submit({ intent: "say", text: value });
    if (clear) setText("");
  };
  const sendImage = (file: File | undefined) => {
    if (!file || busy) return;
    if (!IMAGE_ACCEPT.split(",").includes(file.type)) return setProblem("chat:errors.notImage");
    if (file.size > CHAT_IMAGE_MAX_BYTES) return setProblem("chat:errors.imageTooLarge");
    const form = new FormData();
    form.set("intent", "image");
    form.set("file", file);
    form.set("servicer_id", String(servicerId.current));
    form.set("island", "1");
    setProblem(null);
    sender.submit(form, { method: "post", action: "/chat", encType: "multipart/form-data" });
  };
  const insertEmoji = (code: string) => {
    const field = input.current;
    const at = field?.selectionStart ?? text.length;
    setText(`${text.slice(0, at)}[${code}]${text.slice(field?.selectionEnd ?? at)}`);
    field?.focus();
  };
  const close = () => {
    // Goodbye (spec §4): the upstream ends the conversation and closes its socket.
    if (status !== "ended" && status !== "visitor")
      marker.submit({ intent: "bye", servicer_id: String(servicerId.current), island: "1" }, { method: "post", action: "/chat" });
    onClose();
  };

  const statusText = {
    connecting: t("connecting"),
    online: t("online"),
    offline: t("offline"),
    reconnecting: t("reconnecting"),
    ended: t("ended"),
    visitor: t("notLoggedIn"),
    idle: t("limits.idle"),
    tooManyMessages: t("limits.tooManyMessages"),
    tooManySockets: t("limits.tooManySockets"),
    frameTooLarge: t("limits.frameTooLarge"),
    busy: t("limits.busy"),
  }[status];
  const length = chatLength(text);

  return (
    <section
      className="chat-dialog"
      role="dialog"
      aria-labelledby="chat-dialog-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <header className="chat-dialog__head">
        <h2 id="chat-dialog-title">{t("title")}</h2>
        <CloseButton aria-label={t("close")} onClick={close} />
      </header>
      <p className="chat-status" role="status" data-status={status}>
        {statusText}
        {status === "visitor" ? (
          <>
            {" "}
            <a href={loginUrlTo(location.pathname + location.search)}>{t("logIn")}</a>
          </>
        ) : null}
      </p>
      <div className="chat-dialog__body" ref={body}>
        {oldestPage < pageCount ? (
          <Button size="xs" variant="subtle" loading={earlier.state !== "idle"} onClick={() => earlier.load(`/chat?page=${oldestPage + 1}`)}>
            {t("earlier")}
          </Button>
        ) : null}
        {sorted.length === 0 && latest.state === "idle" ? <p>{t("empty")}</p> : <ChatMessages messages={sorted} label={t("history")} />}
      </div>
      <div className="chat-dialog__foot">
        {topic.goods ? (
          <Button size="xs" variant="light" disabled={busy} onClick={() => submit({ intent: "goods", sku_id: String(topic.goods) })}>
            {t("sendGoods")}
          </Button>
        ) : null}
        {topic.order ? (
          <Button size="xs" variant="light" disabled={busy} onClick={() => submit({ intent: "order", order_id: String(topic.order) })}>
            {t("sendOrder")}
          </Button>
        ) : null}
        {keywords.length > 0 ? (
          <div className="chat-keywords" role="group" aria-label={t("keywords")}>
            {keywords.map((keyword) => (
              <Button key={keyword} size="xs" variant="outline" disabled={busy} onClick={() => sendText(keyword, false)}>
                {keyword}
              </Button>
            ))}
          </div>
        ) : null}
        {shownProblem ? (
          <p role="alert" className="ui-text-sm chat-problem">
            {errorText(t, shownProblem)}
          </p>
        ) : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sendText(text, true);
          }}
        >
          <label htmlFor="chat-island-text" className="ui-text-sm">
            {t("input")}
          </label>
          <textarea
            id="chat-island-text"
            ref={input}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                sendText(text, true);
              }
            }}
            rows={3}
            style={{ width: "100%" }}
          />
          <div className="chat-toolbar">
            <Button size="xs" variant="subtle" aria-expanded={emojiOpen} onClick={() => setEmojiOpen(!emojiOpen)}>
              {t("emojiPicker")}
            </Button>
            <label className="ui-text-sm">
              {t("image")} <input type="file" accept={IMAGE_ACCEPT} disabled={busy} onChange={(event) => sendImage(event.target.files?.[0])} />
            </label>
            <span className="ui-text-xs" aria-live="polite" data-over={length > CHAT_MAX_LENGTH || undefined}>
              {t("count", { count: length, max: CHAT_MAX_LENGTH })}
            </span>
            <Button type="submit" size="xs" disabled={busy}>
              {busy ? t("sending") : t("send")}
            </Button>
          </div>
          {emojiOpen ? (
            <div className="chat-emoji-picker" role="group" aria-label={t("emojiPicker")}>
              {EMOJI_CODES.map((code) => (
                <button key={code} type="button" onClick={() => insertEmoji(code)}>
                  <img src={emojiSrc(code)} alt={t(`emoji.${code}`)} width={24} height={24} />
                </button>
              ))}
            </div>
          ) : null}
        </form>
      </div>
    </section>
  );
}
