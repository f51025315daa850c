import { probeCapability, requireCapability, withCapability } from "./capabilities.server";
import { sharedContext } from "./context.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { MaybeTeamPageSchema, StockoutPageSchema } from "./schemas/account";
import { Ignored, SmsKeySchema } from "./schemas/common";

// Binding the mobile and the email (contract §6.1) and the staff addon (spec §7, §9):
// docs/member-centre.md "Mobile and email", "Staff"; ADR 026.

type Captcha = { captcha_id: string; captcha_code: string };

/** SMS code to a new mobile (`bindmobliecode`, captcha read not burned) → its key. */
export function sendBindMobileCode(ctx: UpstreamContext, input: { mobile: string } & Captcha) {
  return callUpstream(ctx, "/api/member/bindmobliecode", SmsKeySchema, input).then((answer) => answer.key);
}

/**
 * SMS code to the bound mobile (`pwdmobliecode`) → its key: the proof of the old mobile when it
 * changes, and of the member when they set a first login password. Niushop 5.5.2 also answers the
 * code itself; only the key is kept.
 */
export function sendBoundMobileCode(ctx: UpstreamContext, input: Captcha) {
  return callUpstream(ctx, "/api/member/pwdmobliecode", SmsKeySchema, input).then((answer) => answer.key);
}

/**
 * Whether `code` is the code sent with `key` (`verifypaypwdcode`; refused with an UpstreamError when
 * not). Niushop 5.5.2 checks any cached key/code pair, neither member nor mobile, and burns nothing:
 * pass only a key this member was given for their bound mobile (auth/bound-mobile-key.server.ts).
 */
export function verifySentCode(ctx: UpstreamContext, input: { key: string; code: string }) {
  return callUpstream(ctx, "/api/member/verifypaypwdcode", Ignored, input);
}

/** Binds or changes the mobile (`modifymobile`; captcha burned), as the PC sends it. A change is proven to the BFF first (verifySentCode). */
export function bindMobile(ctx: UpstreamContext, input: { mobile: string; key: string; code: string } & Captcha) {
  return callUpstream(ctx, "/api/member/modifymobile", Ignored, input);
}

// Email binding is a capability ("email"): Niushop 5.5.2 has none of its three calls, so the panel
// is hidden there; a call made anyway throws CapabilityAbsentError, never a 502.

/** Whether the upstream can bind an email (what is known, else one token-free call of `checkemail`). */
export function canBindEmail() {
  return probeCapability("email");
}

/** Whether no other member has the address (`checkemail`): refused (UpstreamError) when taken or malformed. */
export function checkEmail(ctx: UpstreamContext, email: string) {
  return requireCapability("email", () => callUpstream(ctx, "/api/member/checkemail", Ignored, { email }));
}

/** A code to the address (`bingemailcode`, sic) → its key. */
export function sendEmailCode(ctx: UpstreamContext, input: { email: string } & Captcha) {
  return requireCapability("email", () => callUpstream(ctx, "/api/member/bingemailcode", SmsKeySchema, input).then((answer) => answer.key));
}

/** Binds or changes the email with the code (`modifyemail`). */
export function bindEmail(ctx: UpstreamContext, input: { email: string; key: string; code: string }) {
  return requireCapability("email", () => callUpstream(ctx, "/api/member/modifyemail", Ignored, input));
}

// ------------------------------------------------------------------------------------- staff
// The staff addon (capability "staff"): without it the stock-out log and the team do not exist.

/** The PC asks the whole team at once (spec §9: page 0, page size 99999). */
export const TEAM_PAGE = { page: 0, page_size: 99999 } as const;

/** The salesman's team; null when the member is not a salesman or the upstream has no staff addon. */
export function getMyTeam(ctx: UpstreamContext) {
  return withCapability("staff", () => callUpstream(ctx, "/staff/api/salesman/myTeamList", MaybeTeamPageSchema, { ...TEAM_PAGE }), null);
}

/** The shop's stock-out log, newest first (no login: token-free). Absent addon → CapabilityAbsentError. */
export function listStockouts(input: { page: number; pageSize: number }) {
  return requireCapability("staff", () =>
    callUpstream(sharedContext(), "/staff/api/salesman/stockoutLog", StockoutPageSchema, { page: input.page, page_size: input.pageSize }),
  );
}
