/**
 * The member API (`/api/...`, `/<addon>/api/...`) as a shopper's client calls it: a JSON POST with
 * `app_type` and the member's token, answered by the `{code, message, data}` envelope. The seed
 * registers its members through it.
 */
import { z } from "zod/v4";
import { readCaptchaCode } from "./admin-client";

const EnvelopeSchema = z.object({ code: z.number(), message: z.string(), data: z.unknown() });

export class MemberApiError extends Error {
  constructor(
    readonly path: string,
    readonly answer: unknown,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

/** Calls a member API path; answers `data` of a success (`code >= 0`), throws otherwise. */
export async function callMemberApi(baseUrl: string, pathname: string, body: Record<string, unknown> = {}, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl.replace(/\/$/, "")}/${pathname.replace(/^\//, "")}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ app_type: "pc", app_type_name: "PC", ...(token ? { token } : {}), ...body }),
  });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new MemberApiError(pathname, text.slice(0, 300), `HTTP ${response.status}, not JSON`);
  }
  const envelope = EnvelopeSchema.safeParse(answer);
  if (!envelope.success) throw new MemberApiError(pathname, answer, "the answer has no envelope");
  if (envelope.data.code < 0) throw new MemberApiError(pathname, answer, envelope.data.message);
  return envelope.data.data;
}

const CaptchaSchema = z.object({ id: z.string() });
const TokenSchema = z.object({ token: z.string().min(1) });

/**
 * Registers a member with a username and password, as the PC client's register page does: a
 * captcha first (answered from the upstream's file cache in `appDir`), then `/api/register/username`.
 */
export async function registerMember(baseUrl: string, appDir: string, username: string, password: string): Promise<string> {
  const captcha = CaptchaSchema.parse(await callMemberApi(baseUrl, "api/captcha/captcha", { captcha_id: "" }));
  const code = readCaptchaCode(appDir, captcha.id);
  if (code === null) throw new MemberApiError("api/captcha/captcha", captcha, "no answer for the captcha in the file cache");
  const answer = await callMemberApi(baseUrl, "api/register/username", { username, password, captcha_id: captcha.id, captcha_code: code });
  return TokenSchema.parse(answer).token;
}

/** Signs a member in with a username and password; answers the token. */
export async function logInMember(baseUrl: string, username: string, password: string): Promise<string> {
  return TokenSchema.parse(await callMemberApi(baseUrl, "api/login/login", { username, password })).token;
}
