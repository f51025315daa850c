import { z } from "zod/v4";
import { IntLike, Money, Text } from "./common";

export const MemberSchema = z.object({
  member_id: IntLike,
  username: Text,
  nickname: Text,
  mobile: Text.catch(""),
  email: Text.catch(""),
  headimg: Text.catch(""),
  member_level: IntLike.catch(0),
  member_level_name: Text.catch(""),
  point: IntLike.catch(0),
  balance: Money.catch("0.00"),
  balance_money: Money.catch("0.00"),
  growth: IntLike.catch(0),
  realname: Text.catch(""),
  /** 0 secret, 1 male, 2 female. */
  sex: IntLike.catch(0),
  /** Unix seconds, 0 = not set. */
  birthday: IntLike.catch(0),
  /** Consecutive sign-in days reached (contract §6.4). */
  sign_days_series: IntLike.catch(0),
  /** 1 when the member has a login password, 0 when not (registered by SMS); the upstream never sends the hash. */
  password: IntLike.catch(1),
});
export type Member = z.infer<typeof MemberSchema>;

export const OrderNumSchema = z.object({
  waitpay: IntLike.catch(0),
  waitsend: IntLike.catch(0),
  waitconfirm: IntLike.catch(0),
  wait_use: IntLike.catch(0),
  waitrate: IntLike.catch(0),
  refunding: IntLike.catch(0),
});
export type OrderNum = z.infer<typeof OrderNumSchema>;

export const CountSchema = IntLike;

export const LinkedAccountSchema = z.object({
  member_id: IntLike,
  nickname: Text,
  username: Text.optional(),
  mobile: Text.catch(""),
  is_current_member: IntLike.catch(0).transform((value) => value === 1),
});
export type LinkedAccount = z.infer<typeof LinkedAccountSchema>;
export const LinkedAccountsSchema = z.object({ group_list: z.array(LinkedAccountSchema).catch([]) });
