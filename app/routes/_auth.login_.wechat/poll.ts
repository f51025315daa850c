/** The WeChat login's poll (with JS): where it asks, how often (Niushop's PC client: every 2 s), what it hears. */
export const WECHAT_CHECK_PATH = "/login/wechat/check";
export const POLL_INTERVAL_MS = 2_000;

export type CheckAnswer = { status: "waiting" } | { status: "expired" } | { status: "refused"; message: string } | { status: "go"; to: string };

/** The browser's check of the answer (the BFF's own JSON; the `to` it follows must be a same-origin path). */
export function isCheckAnswer(value: unknown): value is CheckAnswer {
  if (typeof value !== "object" || value === null || !("status" in value)) return false;
  const answer = value as Record<string, unknown>;
  switch (answer.status) {
    case "waiting":
    case "expired":
      return true;
    case "refused":
      return typeof answer.message === "string";
    case "go":
      return typeof answer.to === "string" && answer.to.startsWith("/") && !answer.to.startsWith("//") && !answer.to.startsWith("/\\");
    default:
      return false;
  }
}
