import { requireCapability, withCapability } from "./capabilities.server";
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

/** SMS code to the bound mobile (`pwdmobliecode`), the proof of the old mobile when it changes → its key. */
export function sendOldMobileCode(ctx: UpstreamContext, input: Captcha) {
  return callUpstream(ctx, "/api/member/pwdmobliecode", SmsKeySchema, input).then((answer) => answer.key);
}

/** Binds or changes the mobile (`modifymobile`; captcha burned). A change also sends the old mobile's key and code. */
export function bindMobile(ctx: UpstreamContext, input: { mobile: string; key: string; code: string; old_key?: string; old_code?: string } & Captcha) {
  return callUpstream(ctx, "/api/member/modifymobile", Ignored, input);
}

/** Whether no other member has the address (`checkemail`): refused (UpstreamError) when taken or malformed. */
export function checkEmail(ctx: UpstreamContext, email: string) {
  return callUpstream(ctx, "/api/member/checkemail", Ignored, { email });
}

/** A code to the address (`bingemailcode`, sic) → its key. */
export function sendEmailCode(ctx: UpstreamContext, input: { email: string } & Captcha) {
  return callUpstream(ctx, "/api/member/bingemailcode", SmsKeySchema, input).then((answer) => answer.key);
}

/** Binds or changes the email with the code (`modifyemail`). */
export function bindEmail(ctx: UpstreamContext, input: { email: string; key: string; code: string }) {
  return callUpstream(ctx, "/api/member/modifyemail", Ignored, input);
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
