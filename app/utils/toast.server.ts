import { createCookie } from "@remix-run/node";
import { redirect } from "~/utils/redirect.server";
import { z } from "zod";
import { env } from "~/utils/env.server";
import { cookieSecure } from "~/utils/cookie-secure.server";

/**
 * One flash message at a time (spec §8), carried across a redirect in its own short-lived cookie
 * and rendered by the root on the next page, with or without JavaScript.
 * `key` is a translation key of ours; `text` is a message from the upstream, shown as is.
 */
export const ToastSchema = z.object({
  kind: z.enum(["success", "error", "warning", "info"]),
  key: z.string().optional(),
  text: z.string().optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  cookie ??= createCookie("__toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    secrets: env().SESSION_SECRET,
    maxAge: 60,
  });
  return cookie;
}

export function setToastCookie(toast: Toast): Promise<string> {
  return toastCookie().serialize(toast);
}

/** Reads the pending toast and the header that clears it (only the root loader calls this). */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const raw = await toastCookie().parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  const parsed = ToastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** A redirect that shows `toast` on the next page; extra Set-Cookie values ride along. */
export async function redirectWithToast(url: string, toast: Toast, setCookies: string[] = [], status = 303) {
  const headers = new Headers();
  for (const value of setCookies) headers.append("Set-Cookie", value);
  headers.append("Set-Cookie", await setToastCookie(toast));
  return redirect(url, { status, headers });
}
