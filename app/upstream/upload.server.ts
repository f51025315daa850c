import { z } from "zod/v4";
import { UpstreamError, type UpstreamContext } from "./http.server";

const UploadEnvelope = z.object({ code: z.coerce.number().int(), message: z.string().catch(""), data: z.unknown().optional() });
const UploadedImageSchema = z.object({ pic_path: z.string().min(1).max(500) });

/**
 * Uploads one image to an upstream upload endpoint (`/api/upload/*`, `/offlinepay/api/pay/uploadimg`…)
 * and returns its `pic_path`: the one multipart call (the client core posts JSON only). The caller
 * has checked the file with `imageFileProblem` first.
 */
export async function uploadImage(ctx: UpstreamContext, path: string, file: File, fields: Record<string, string> = {}): Promise<string> {
  return (await uploadImageWith(ctx, path, file, fields, UploadedImageSchema)).pic_path;
}

/** As uploadImage, with extra form fields and the answer parsed by `schema` (e.g. `{id, pic_path}`). */
export async function uploadImageWith<T>(
  ctx: UpstreamContext,
  path: string,
  file: File,
  fields: Record<string, string>,
  schema: z.ZodType<T, unknown>,
): Promise<T> {
  const url = new URL(path.replace(/^\/+/, ""), ctx.baseUrl.replace(/\/?$/, "/"));
  const body = new FormData();
  body.set("file", file, file.name || "image");
  body.set("app_type", "pc");
  body.set("app_type_name", "PC");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (ctx.token) body.set("token", ctx.token);
  let raw: unknown;
  try {
    const response = await fetch(url, { method: "POST", body, signal: AbortSignal.timeout(ctx.timeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = await response.json();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new Response(JSON.stringify({ reason: timedOut ? "upstream-timeout" : "upstream-bad-gateway" }), {
      status: timedOut ? 504 : 502,
      headers: { "Content-Type": "application/json" },
    });
  }
  const envelope = UploadEnvelope.safeParse(raw);
  if (!envelope.success) throw new Response(JSON.stringify({ reason: "upstream-bad-gateway" }), { status: 502 });
  if (envelope.data.code < 0) {
    const error = new UpstreamError(path, envelope.data.code, envelope.data.message, envelope.data.data);
    await ctx.onFailure?.(error);
    throw error;
  }
  const parsed = schema.safeParse(envelope.data.data);
  if (!parsed.success) throw new Response(JSON.stringify({ reason: "upstream-bad-gateway" }), { status: 502 });
  return parsed.data;
}
