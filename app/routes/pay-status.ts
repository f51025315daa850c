import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { memberContext } from "~/upstream/context.server";
import { UpstreamError } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { getPayStatus, PAY_STATUS } from "~/upstream/pay.server";
import { methodNotAllowed } from "~/utils/bad-request.server";
import { OutTradeNo } from "./_main.pay/schema";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

// The cashier's poll (every 2 s with JS): whether the member's payment is paid. JSON only.

export const action = methodNotAllowed;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = PRIVATE_NO_STORE;
  const ctx = await memberContext(request, context);
  if (!ctx.token) return data({ paid: false }, { status: 401, headers });
  const outTradeNo = OutTradeNo.safeParse(new URL(request.url).searchParams.get("out_trade_no"));
  if (!outTradeNo.success) return data({ paid: false }, { status: 400, headers });
  try {
    const [status, member] = await Promise.all([getPayStatus(ctx, outTradeNo.data), getMember(ctx)]);
    if (status.member_id !== undefined && status.member_id !== member.member_id) return data({ paid: false }, { status: 404, headers });
    return data({ paid: status.pay_status === PAY_STATUS.paid }, { headers });
  } catch (error) {
    if (error instanceof UpstreamError) return data({ paid: false }, { status: 404, headers });
    throw error;
  }
}
