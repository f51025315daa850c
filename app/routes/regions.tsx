import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { listRegions } from "~/upstream/address.server";
import { sharedContext } from "~/upstream/context.server";
import { badRequest, methodNotAllowed } from "~/utils/bad-request.server";

/** `pid`: 0 (provinces) or a region code of up to 12 digits. */
const PidSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,11})$/)
  .transform(Number);

/**
 * GET /regions?pid=: the child regions of `pid` as `[{id, name}]`, for the address form's
 * cascade with JS. Region data is public and the same for everyone, so the answer is cacheable
 * by browsers and shared caches.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const pid = PidSchema.safeParse(new URL(request.url).searchParams.get("pid") ?? "");
  if (!pid.success) throw await badRequest(request);
  const regions = await listRegions(sharedContext(), pid.data);
  return new Response(JSON.stringify(regions.map((region) => ({ id: region.id, name: region.name }))), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400" },
  });
}

export const action = methodNotAllowed;
