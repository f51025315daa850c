import { createCookie } from "@remix-run/node";
import { z } from "zod";
import type { FloatLayerMemory } from "~/domain/float-layer";

// What the browser remembers of the float layer (spec §4 "floating layer count"): the window it
// saw and when it last closed it. Read by the home loader, written by POST /float-layer.
const cookie = createCookie("float_layer", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });
const MemorySchema = z.object({ window: z.string().max(64), closedAt: z.number().int().nonnegative() });

export async function readFloatLayerMemory(request: Request): Promise<FloatLayerMemory> {
  const parsed = MemorySchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export function rememberFloatLayerClosed(window: string, now: number): Promise<string> {
  return cookie.serialize({ window, closedAt: now });
}
