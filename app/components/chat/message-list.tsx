import { useTranslation } from "~/i18n/translation";
import { chatSegments, emojiSrc, type ChatMessageView } from "~/domain/chat";
import { formatMoney } from "~/utils/format";

/** Message text with its emoji tokens as images (alt = the emoji's name); never HTML. */
export function ChatText({ text }: { text: string }) {
  const { t } = useTranslation("chat");
  return (
    <>
      {chatSegments(text).map((segment, index) =>
        segment.kind === "text" ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <img key={index} className="chat-emoji" src={emojiSrc(segment.code)} alt={t(`emoji.${segment.code}`)} width={22} height={22} />
        ),
      )}
    </>
  );
}

function MessageBody({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation("chat");
  if (message.goods) {
    return (
      <a className="chat-card" href={`/sku-${message.goods.skuId}`}>
        {message.goods.image ? <img src={message.goods.image} alt="" width={56} height={56} /> : null}
        <span>
          <span className="chat-card__label">{t("goodsCard")}</span>
          <span className="chat-card__name">{message.goods.name}</span>
          <span className="chat-card__price">{formatMoney(message.goods.price)}</span>
        </span>
      </a>
    );
  }
  if (message.order) {
    return (
      <a className="chat-card" href={`/member/order_detail?order_id=${message.order.orderId}`}>
        <span>
          <span className="chat-card__label">{t("orderCard")}</span>
          <span className="chat-card__name">{message.order.name}</span>
          <span className="chat-card__meta">{t("orderNo", { no: message.order.orderNo })}</span>
          <span className="chat-card__price">
            {formatMoney(message.order.money)} · {message.order.status}
          </span>
        </span>
      </a>
    );
  }
  if (message.kind === "image") {
    return (
      <a href={message.image} target="_blank" rel="noopener noreferrer">
        <img className="chat-image" src={message.image} alt={t("imageAlt")} />
      </a>
    );
  }
  return <ChatText text={message.text} />;
}

/** The conversation, oldest first; each message says who wrote it and when. */
export function ChatMessages({ messages, label }: { messages: ChatMessageView[]; label: string }) {
  const { t } = useTranslation("chat");
  return (
    <ol className="chat-messages" aria-label={label}>
      {messages.map((message) => (
        <li key={message.id} className={message.mine ? "chat-message chat-message--mine" : "chat-message"} data-kind={message.kind}>
          <span className="chat-message__meta">
            {message.mine ? t("me") : t("servicer")} · <time>{`${message.day} ${message.time}`}</time>
            {message.mine ? null : <span className="chat-message__read">{message.read ? ` · ${t("read")}` : ""}</span>}
          </span>
          <span className="chat-message__bubble">
            <MessageBody message={message} />
          </span>
        </li>
      ))}
    </ol>
  );
}
