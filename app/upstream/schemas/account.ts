import { z } from "zod/v4";
import { IntLike, Money, paged, Text } from "./common";

// Member account extras (contract §6.1 mobile and email) and the staff addon (spec §7, §9).
// Shapes the contract leaves open are ours: docs/member-centre.md "Mobile and email", "Staff".

/** One buyer of a salesman's team. */
export const TeamMemberSchema = z.object({
  member_id: IntLike,
  username: Text,
  nickname: Text,
  realname: Text,
  mobile: Text,
  member_label_name: Text,
  reg_time: IntLike.catch(0),
  last_login_time: IntLike.catch(0),
  order_num: IntLike.catch(0),
  order_money: Money.catch("0.00"),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** `myTeamList`: the team, or null when the member is not a salesman. */
export const MaybeTeamPageSchema = paged(TeamMemberSchema).nullable();

/** One row of the stock-out log (断货记录). status 0 out of stock, 1 restocked. */
export const StockoutSchema = z.object({
  id: IntLike,
  goods_id: IntLike,
  sku_id: IntLike,
  sku_name: Text,
  sku_image: Text,
  stockout_time: IntLike,
  restock_time: IntLike.catch(0),
  status: IntLike.catch(0),
  remark: Text,
});
export type Stockout = z.infer<typeof StockoutSchema>;
export const StockoutPageSchema = paged(StockoutSchema);
