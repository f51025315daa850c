import { cached } from "~/utils/cache.server";
import { log } from "~/utils/log.server";
import { CapabilityAbsentError, capabilityRefused, hasCapability, requireCapability } from "./capabilities.server";
import { callUpstream, callUpstreamInSession, isRefusal, type UpstreamError, withoutToken, type UpstreamContext } from "./http.server";
import { SmsKeySchema, TokenSchema } from "./schemas/common";
import { CheckLoginSchema, ConfigInitSchema, LoginCodeSchema } from "./schemas/wechat";
import { qrImageUrl } from "./wechat-qrcode";

/**
 * WeChat QR login (ADR 062), as Niushop's PC client does it (`api/wechat.js`,
 * `assets/js/auth/login.js`): `config/init` says whether it is set up, `logincode` gives a QR code
 * and a key, `checklogin` is asked with the key until it answers a token or that the WeChat
 * account must bind a mobile (`getMobileCode`, then `wechatLogin`). The last three run in the
 * upstream's session: `cookies` is its cookie, kept by the caller in our session.
 */

const LOGIN_CODE_PATH = "/wechat/api/wechat/logincode";

/**
 * Whether the login page offers WeChat: the upstream says its official account is set up, and
 * the login code has not been found missing or refusing lately. A failed read hides the button
 * (an optional way in must not break the login page).
 *
 * Pages read it from a 5 s cache; a form that asks the upstream for a login code reads it
 * `fresh`, so a switch turned off meanwhile answers 404 instead of a refused login code, which
 * would hide WeChat for CAPABILITY_TTL_MS after the switch is on again.
 */
export async function wechatLoginOffered(ctx: UpstreamContext, { fresh = false }: { fresh?: boolean } = {}): Promise<boolean> {
  if (!hasCapability("wechatLogin")) return false;
  const read = () => callUpstream(withoutToken(ctx), "/api/config/init", ConfigInitSchema);
  try {
    const init = fresh ? await read() : await cached("wechat:config-init", { ttlMs: 5_000, staleMs: 0 }, read);
    return init.wechat_config_status;
  } catch (error) {
    log("wechat_config_unreadable", { detail: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

export type LoginCode = { key: string; image: string; expiresAt: number; cookies: string | null };

/**
 * A new QR code, or null when WeChat login does not work here (the endpoint is missing, refuses,
 * or hands out a picture we would not show): it is then hidden for a while (capabilities).
 */
export async function newLoginCode(ctx: UpstreamContext): Promise<LoginCode | null> {
  try {
    const { data, cookies } = await requireCapability("wechatLogin", () => callUpstreamInSession(ctx, LOGIN_CODE_PATH, LoginCodeSchema, {}, null));
    const image = qrImageUrl(data.qrcode, ctx.baseUrl);
    if (!image) {
      capabilityRefused("wechatLogin", LOGIN_CODE_PATH, `a QR picture we do not show: ${data.qrcode.slice(0, 80)}`);
      return null;
    }
    return { key: data.key, image, expiresAt: Date.now() + data.expire_time * 1000, cookies };
  } catch (error) {
    if (isRefusal(error)) {
      capabilityRefused("wechatLogin", LOGIN_CODE_PATH, error.upstreamMessage);
      return null;
    }
    if (error instanceof CapabilityAbsentError) return null;
    throw error;
  }
}

export type ScanOutcome =
  | { kind: "signed-in"; token: string }
  | { kind: "bind"; cookies: string | null }
  | { kind: "waiting" }
  | { kind: "expired" }
  | { kind: "refused"; error: UpstreamError };

/** What `checklogin` says of the key: not scanned yet ("no login"), expired ("已失效"), a token, or a mobile to bind. */
export async function checkScan(ctx: UpstreamContext, key: string, cookies: string | null): Promise<ScanOutcome> {
  try {
    const answer = await callUpstreamInSession(ctx, "/api/login/checklogin", CheckLoginSchema, { key }, cookies);
    return answer.data.kind === "signed-in" ? answer.data : { kind: "bind", cookies: answer.cookies };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    if (error.upstreamMessage === "no login") return { kind: "waiting" };
    if (error.upstreamMessage === "已失效") return { kind: "expired" };
    return { kind: "refused", error }; // a locked account, say: its message is shown
  }
}

type Captcha = { captcha_id?: string; captcha_code?: string };

/** The SMS code for binding a mobile (sent whether the mobile is registered or not; the captcha is checked, not used up). */
export async function sendBindCode(ctx: UpstreamContext, input: { mobile: string } & Captcha, cookies: string | null) {
  return (await callUpstreamInSession(ctx, "/api/login/getMobileCode", SmsKeySchema, input, cookies)).data;
}

/** Binds the scanned WeChat account to the mobile (a new mobile registers a member): the member's token. */
export async function bindMobile(ctx: UpstreamContext, input: { mobile: string; key: string; code: string } & Captcha, cookies: string | null) {
  return (await callUpstreamInSession(ctx, "/api/login/wechatLogin", TokenSchema, input, cookies)).data;
}

/** An upstream refusal a form can show (not spec §8's closed shop or rejected token). */
