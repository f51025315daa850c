import { z } from "zod/v4";
import { Flag, IntLike, Text } from "./common";

export const RegisterConfigSchema = z.object({
  value: z.object({
    login: Text.transform((list) => list.split(",").filter(Boolean)),
    register: Text.transform((list) => list.split(",").filter(Boolean)),
    pwd_len: IntLike.catch(6),
    pwd_complexity: Text.transform((list) => list.split(",").filter(Boolean)).catch([]),
    agreement_show: Flag.catch(true),
  }),
});
export type RegisterConfig = z.infer<typeof RegisterConfigSchema>["value"];

export const CaptchaConfigSchema = z.object({
  shop_login: Flag.catch(false),
  shop_reception_login: Flag.catch(false),
  shop_reception_register: Flag.catch(true),
});
export type CaptchaConfig = z.infer<typeof CaptchaConfigSchema>;

/** `img` is a data URI whose base64 may be broken by CRLFs (contract §2.15). */
export const CaptchaSchema = z.object({
  id: z.string().min(1),
  img: z.string().transform((img) => img.replace(/[\r\n]/g, "")),
});
export type Captcha = z.infer<typeof CaptchaSchema>;

export const AgreementSchema = z.object({ title: Text, content: Text });
export type Agreement = z.infer<typeof AgreementSchema>;

export const MemberLabelSchema = z.object({ label_id: IntLike, label_name: Text });
export type MemberLabel = z.infer<typeof MemberLabelSchema>;

export const AptitudeSchema = z.object({ id: IntLike, name: Text, is_must: Flag.catch(false) });
export type Aptitude = z.infer<typeof AptitudeSchema>;

/** A running coupon type of the gift (Register::getConfig's `coupon_list`): its name is what is shown. */
const RewardCouponSchema = z.object({ coupon_type_id: IntLike, coupon_name: Text });

export const RegisterRewardSchema = z.object({
  is_use: Flag.catch(false),
  value: z
    .object({
      point: IntLike.catch(0),
      balance: z.union([z.string(), z.number()]).catch(0),
      growth: IntLike.catch(0),
      coupon_list: z.array(RewardCouponSchema).catch([]),
    })
    .catch({ point: 0, balance: 0, growth: 0, coupon_list: [] }),
});
export type RegisterReward = z.infer<typeof RegisterRewardSchema>;
