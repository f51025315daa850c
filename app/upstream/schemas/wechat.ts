import { z } from "zod/v4";
import { Flag, IntLike } from "./common";

/** `/api/config/init`: only whether WeChat login is set up (the official account's appid and secret). */
export const ConfigInitSchema = z.object({ wechat_config_status: Flag.catch(false) });

/** `/wechat/api/wechat/logincode`: the key to poll with, the code's life in seconds, WeChat's QR picture. */
export const LoginCodeSchema = z.object({
  key: z.string().min(1).max(200),
  expire_time: IntLike.pipe(z.number().int().positive().max(86_400)),
  qrcode: z.string().min(1).max(2000),
});

/**
 * `/api/login/checklogin`'s success: a token (the WeChat account is bound, or was registered on
 * the spot), or nothing (`""`): the openid waits in the upstream's session for a mobile to bind.
 */
export const CheckLoginSchema = z.union([
  z.object({ token: z.string().min(1).max(4096) }).transform(({ token }) => ({ kind: "signed-in" as const, token })),
  z.union([z.literal(""), z.null(), z.undefined(), z.tuple([])]).transform(() => ({ kind: "bind" as const })),
]);
