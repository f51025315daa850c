import { z } from "zod/v4";
import { cached, invalidate } from "~/utils/cache.server";
import { env } from "~/utils/env.server";
import { probeCapability, withCapability } from "./capabilities.server";
import { callUpstream, UpstreamError, withoutToken, type UpstreamContext } from "./http.server";
import { Ignored, SmsKeySchema, TokenSchema } from "./schemas/common";
import {
  AgreementSchema,
  AptitudeSchema,
  CaptchaConfigSchema,
  CaptchaSchema,
  MemberLabelSchema,
  RegisterConfigSchema,
  RegisterRewardSchema,
} from "./schemas/auth";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const MemberLabelsSchema = z.array(MemberLabelSchema);
const AptitudesSchema = z.array(AptitudeSchema);

// Config that only changes in the shop's admin: shared and cached briefly.
const CONFIG = { ttlMs: 30_000, staleMs: 5 * 60_000 };

export function getRegisterConfig(ctx: UpstreamContext) {
  return cached("auth:register-config", CONFIG, () =>
    callUpstream(withoutToken(ctx), "/api/register/config", RegisterConfigSchema).then((config) => config.value),
  );
}

/** Whether the upstream asks for a captcha at password login, registration and SMS requests. */
export function getCaptchaConfig(ctx: UpstreamContext) {
  return cached("auth:captcha-config", { ttlMs: env().CAPTCHA_CONFIG_TTL_MS, staleMs: 0 }, () =>
    callUpstream(withoutToken(ctx), "/api/config/getCaptchaConfig", CaptchaConfigSchema),
  );
}

/**
 * Whether the operator has just turned this captcha on: the config read from the upstream again,
 * past its cache (3 s; CAPTCHA_CONFIG_TTL_MS). Asked after a refused sign-in or registration that went without a captcha;
 * then the form asks for one instead of showing the upstream's "缺少参数captcha_id". A failed read
 * answers false, so the refusal stands as it was.
 */
export function captchaJustTurnedOn(ctx: UpstreamContext, captcha: "shop_reception_login" | "shop_reception_register"): Promise<boolean> {
  invalidate("auth:captcha-config");
  return getCaptchaConfig(ctx).then(
    (config) => config[captcha],
    () => false,
  );
}

/** A new captcha; the previous id (if any) is retired upstream. */
export function newCaptcha(ctx: UpstreamContext, previousId?: string) {
  return callUpstream(ctx, "/api/captcha/captcha", CaptchaSchema, previousId ? { captcha_id: previousId } : {});
}

export function getAgreement(ctx: UpstreamContext, type: "SERVICE" | "PRIVACY" = "SERVICE") {
  return cached(`auth:agreement:${type}`, CONFIG, () => callUpstream(withoutToken(ctx), "/api/register/aggrement", AgreementSchema, { type }));
}

// The next three are additions a stock Niushop may lack (capabilities): absent → nothing to show.

/** Business types offered at registration; `[]` when the upstream has none (the field is hidden). */
export function listMemberLabels(ctx: UpstreamContext) {
  return withCapability(
    "registerLabels",
    () => cached("auth:labels", CONFIG, () => callUpstream(withoutToken(ctx), "/api/register/labellist", MemberLabelsSchema)),
    [],
  );
}

/** Qualifications listed at registration; `[]` when the upstream has none (the list is hidden). */
export function listAptitudes(ctx: UpstreamContext) {
  return withCapability(
    "aptitudes",
    () => cached("auth:aptitudes", CONFIG, () => callUpstream(withoutToken(ctx), "/api/register/getAptitude", AptitudesSchema)),
    [],
  );
}

/**
 * Whether the upstream stores registration's business fields (capability registerExtras): only
 * then does the form ask for them (docs/behaviour.md "Registration"); a stock Niushop drops them.
 */
export function registerStoresExtras() {
  return probeCapability("registerExtras");
}

/** The registration reward config; `null` without the memberregister addon. */
export function getRegisterReward(ctx: UpstreamContext) {
  return withCapability(
    "registerReward",
    () => cached("auth:register-reward", CONFIG, () => callUpstream(withoutToken(ctx), "/memberregister/api/Config/Config", RegisterRewardSchema)),
    null,
  );
}

type Captcha = { captcha_id?: string; captcha_code?: string };

export function logIn(ctx: UpstreamContext, input: { username: string; password: string; autoLoginRange?: number } & Captcha) {
  return callUpstream(ctx, "/api/login/login", TokenSchema, input);
}

export function sendLoginCode(ctx: UpstreamContext, input: { mobile: string } & Captcha) {
  return callUpstream(ctx, "/api/login/mobileCode", SmsKeySchema, input);
}

export function logInWithCode(ctx: UpstreamContext, input: { mobile: string; key: string; code: string }) {
  return callUpstream(ctx, "/api/login/mobile", TokenSchema, input);
}

export type RegisterExtras = {
  member_label?: number;
  member_label_name?: string;
  realname?: string;
  nickname?: string;
  invitation_code?: string;
  /** Region and address (spec §3); full_address "省-市-区" from the chosen regions' names. */
  province_id?: number;
  city_id?: number;
  district_id?: number;
  full_address?: string;
  address?: string;
  /** JSON `{"<aptitude id>": "path,path"}` of images uploaded before sign-up (docs/qualifications.md). */
  qualifications_images?: string;
  /** The referrer: a distributor's member id from getFenXiaoList, or the name typed in. */
  parent_id?: number;
  inputfenxiao_name?: string;
};

export function registerWithUsername(ctx: UpstreamContext, input: { username: string; password: string } & Captcha & RegisterExtras) {
  return callUpstream(ctx, "/api/register/username", TokenSchema, input);
}

export function sendRegisterCode(ctx: UpstreamContext, input: { mobile: string } & Captcha) {
  return callUpstream(ctx, "/api/register/mobileCode", SmsKeySchema, input);
}

export function registerWithMobile(ctx: UpstreamContext, input: { mobile: string; key: string; code: string } & RegisterExtras) {
  return callUpstream(ctx, "/api/register/mobile", TokenSchema, input);
}

/** The upstream's inverted check (contract §4.6): code -1 means the mobile IS registered. */
export async function isMobileRegistered(ctx: UpstreamContext, mobile: string): Promise<boolean> {
  try {
    await callUpstream(ctx, "/api/member/checkmobile", Ignored, { mobile });
    return false;
  } catch (error) {
    if (error instanceof UpstreamError && error.code === -1) return true;
    throw error;
  }
}

export function sendFindPasswordCode(ctx: UpstreamContext, input: { mobile: string } & Captcha) {
  return callUpstream(ctx, "/api/findpassword/mobilecode", SmsKeySchema, input);
}

export function resetPassword(ctx: UpstreamContext, input: { mobile: string; key: string; code: string; password: string }) {
  return callUpstream(ctx, "/api/findpassword/mobile", Ignored, input);
}
