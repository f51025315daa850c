import { Link } from "@remix-run/react";
import { useEffect, useState, type ComponentType, type ReactNode } from "react";

/**
 * Opens the chat island (docs/chat.md, ADR 019). The dialog's code is not in any page's first
 * load: the /chat route module exports a loader of the dialog chunk, and this module imports
 * that route module only when the chat is opened, by the URL Remix's manifest gives (the link
 * to /chat makes Remix discover the route). A plain `import()` here would put Vite's preload
 * helper into every page. Should the module not be found, the opener simply goes to /chat.
 * Without JS every opener is a plain link to /chat.
 */
export type ChatTopic = { goods?: number; order?: number };
export type ChatIslandProps = { topic: ChatTopic; onClose: () => void };

const OPEN_EVENT = "storefront:chat-open";
const CHAT_ROUTE_ID = "routes/_main.chat";

/** The /chat URL for a topic: what an opener links to without JS. */
export function chatHref(topic: ChatTopic = {}): string {
  if (topic.goods) return `/chat?goods=${topic.goods}`;
  if (topic.order) return `/chat?order=${topic.order}`;
  return "/chat";
}

/** Opens the island from anywhere (the side bar, goods and order pages). */
export function openChat(topic: ChatTopic = {}) {
  window.dispatchEvent(new CustomEvent<ChatTopic>(OPEN_EVENT, { detail: topic }));
}

async function loadIsland(): Promise<ComponentType<ChatIslandProps> | null> {
  const manifest = (window as { __remixManifest?: { routes?: Record<string, { module?: string }> } }).__remixManifest;
  const url = manifest?.routes?.[CHAT_ROUTE_ID]?.module;
  if (!url) return null;
  const route = (await import(/* @vite-ignore */ url)) as { handle?: { loadChatIsland?: () => Promise<{ default: ComponentType<ChatIslandProps> }> } };
  const load = route.handle?.loadChatIsland;
  return load ? (await load()).default : null;
}

/**
 * "Customer service consultation" as a link: /chat without JS (and for visitors, who are told
 * there that they must log in); with JS a member gets the island. Goods and order pages use it:
 * `<ChatLink topic={{ order: orderId }} loggedIn={Boolean(member)}>{t("chat:consultOrder")}</ChatLink>`.
 */
export function ChatLink({ topic = {}, loggedIn, className, children }: { topic?: ChatTopic; loggedIn: boolean; className?: string; children: ReactNode }) {
  // onClick runs only once hydrated; before that (and without JS) this is a link to /chat.
  return (
    <Link
      to={chatHref(topic)}
      className={className}
      onClick={(event) => {
        if (!loggedIn || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        openChat(topic);
      }}
    >
      {children}
    </Link>
  );
}

/** Mounted once by the main layout for members: loads the dialog on the first open and shows it. */
export function ChatLauncher() {
  const [topic, setTopic] = useState<ChatTopic | null>(null);
  const [Island, setIsland] = useState<ComponentType<ChatIslandProps> | null>(null);
  useEffect(() => {
    const open = (event: Event) => {
      const wanted = { ...(event as CustomEvent<ChatTopic>).detail };
      loadIsland().then(
        (component) => {
          if (!component) return window.location.assign(chatHref(wanted));
          setIsland(() => component);
          setTopic(wanted);
        },
        () => window.location.assign(chatHref(wanted)),
      );
    };
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, []);
  if (!topic || !Island) return null;
  return <Island topic={topic} onClose={() => setTopic(null)} />;
}
