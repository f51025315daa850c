import { createCookie } from "@remix-run/node";
import { cookieSecure } from "~/utils/cookie-secure.server";
import { z } from "zod";
import type { FloatLayerMemory } from "~/domain/float-layer";

// What the browser remembers of the float layer (spec §4 "floating layer count"): the window it
// saw and when it last closed it (kept a year, for types 1 and 3), and the window closed during
// this visit (a browser-session cookie: an "always" layer stays closed until the next visit).
// Read by the home loader, written by POST /float-layer.
const cookie = createCookie("float_layer", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });
const visitCookie = createCookie("float_layer_visit", { path: "/", sameSite: "lax", httpOnly: true });
const MemorySchema = z.object({ window: z.string().max(64), closedAt: z.number().int().nonnegative() });
const WindowSchema = z.string().max(64);

export async function readFloatLayerMemory(request: Request): Promise<FloatLayerMemory> {
  const parsed = MemorySchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** The window of the layer closed during this visit, or null. */
export async function readFloatLayerClosedThisVisit(request: Request): Promise<string | null> {
  const parsed = WindowSchema.safeParse(await visitCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** The Set-Cookie values of a close: the lasting memory and the visit's. */
export async function rememberFloatLayerClosed(window: string, now: number): Promise<string[]> {
  // Secure as the session cookies are (a cookie's options are fixed at import, before the env is read).
  const secure = { secure: cookieSecure() };
  return [await cookie.serialize({ window, closedAt: now }, secure), await visitCookie.serialize(window, secure)];
}
