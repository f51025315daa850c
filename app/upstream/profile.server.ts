import { callUpstream, UpstreamError, type UpstreamContext } from "./http.server";
import { Ignored, IntLike, SmsKeySchema } from "./schemas/common";
import { uploadImage } from "./upload.server";

// The member's profile fields (contract §6.1): one upstream call per field, as the upstream has them.

export function setNickname(ctx: UpstreamContext, nickname: string) {
  return callUpstream(ctx, "/api/member/modifynickname", Ignored, { nickname });
}

export function setRealname(ctx: UpstreamContext, realname: string) {
  return callUpstream(ctx, "/api/member/modifyrealname", Ignored, { realname });
}

/** 0 secret, 1 male, 2 female. */
export function setSex(ctx: UpstreamContext, sex: 0 | 1 | 2) {
  return callUpstream(ctx, "/api/member/modifysex", Ignored, { sex });
}

/** Unix seconds (midnight of the day in China), 0 to clear. */
export function setBirthday(ctx: UpstreamContext, birthday: number) {
  return callUpstream(ctx, "/api/member/modifybirthday", Ignored, { birthday });
}

/** Uploads an avatar (already checked and scaled by the action) and makes it the member's. */
export async function setAvatar(ctx: UpstreamContext, file: File): Promise<string> {
  const path = await uploadImage(ctx, "/api/upload/headimg", file);
  await callUpstream(ctx, "/api/member/modifyheadimg", Ignored, { headimg: path });
  return path;
}

/** Changes the login password; refused (UpstreamError) when the old one is wrong or the new one breaks the rules. */
export function changePassword(ctx: UpstreamContext, oldPassword: string, newPassword: string) {
  return callUpstream(ctx, "/api/member/modifypassword", Ignored, { old_password: oldPassword, new_password: newPassword });
}

/** Whether the member has a pay password (the upstream spells the path `issetpayaassword`). */
export function hasPayPassword(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/member/issetpayaassword", IntLike).then((value) => value === 1);
}

/**
 * Whether `password` is the member's pay password (`/api/member/checkpaypassword`, which the PC
 * asks before a balance order). Any refusal is a no: wrong (-10071 支付密码错误, also when the member
 * has none) or empty (-1 支付密码不可为空); token errors are thrown as usual.
 */
export async function checkPayPassword(ctx: UpstreamContext, password: string): Promise<boolean> {
  try {
    await callUpstream(ctx, "/api/member/checkpaypassword", Ignored, { pay_password: password });
    return true;
  } catch (error) {
    if (error instanceof UpstreamError && error.constructor === UpstreamError) return false;
    throw error;
  }
}

/** Sends an SMS code to the member's bound mobile for setting the pay password → its key. */
export function sendPayPasswordCode(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/member/paypwdcode", SmsKeySchema).then((answer) => answer.key);
}

/** Sets (or changes) the 6-digit pay password with the SMS code. */
export function setPayPassword(ctx: UpstreamContext, input: { key: string; code: string; password: string }) {
  return callUpstream(ctx, "/api/member/modifypaypassword", Ignored, input);
}

/**
 * Sets a first login password for a member who has none (registered by SMS): Niushop 5.5.2 wants
 * the key and code of an SMS to the bound mobile (`pwdmobliecode`) instead of the old password, as
 * the PC sends it. Refused (UpstreamError) when the code is wrong (`手机验证码不正确`).
 */
export function setFirstPassword(ctx: UpstreamContext, input: { key: string; code: string; newPassword: string }) {
  return callUpstream(ctx, "/api/member/modifypassword", Ignored, { new_password: input.newPassword, code: input.code, key: input.key });
}
