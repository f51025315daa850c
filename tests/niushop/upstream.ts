import { z } from "zod";

/**
 * The suite's own calls to the upstream, straight to it (not through the recording proxy, so the
 * tally counts only the BFF's calls): discovering data, and reading the upstream's records after a
 * journey moved money (balance, points, stock, order status). Every answer is parsed with zod.
 */

const EnvelopeSchema = z.object({ code: z.coerce.number().int(), message: z.string().catch(""), data: z.unknown().optional() });

export class UpstreamRefusal extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    readonly upstreamMessage: string,
  ) {
    super(`${path} answered ${code}: ${upstreamMessage}`);
  }
}

/** A money amount as Niushop sends it ("12.50", 12.5, "12") in integer cents. */
export const CentsSchema = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform((value) => Math.round(Number(value) * 100));
export const IntSchema = z.coerce.number().int();

export class Upstream {
  constructor(readonly baseUrl: string) {}

  /** POSTs `body` as the PC channel does and returns `data` parsed by `schema`; a negative code throws UpstreamRefusal. */
  async call<T extends z.ZodTypeAny>(path: string, schema: T, body: Record<string, unknown> = {}, token?: string): Promise<z.output<T>> {
    const url = new URL(path.replace(/^\/+/, ""), this.baseUrl.replace(/\/?$/, "/"));
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ ...body, app_type: "pc", app_type_name: "PC", ...(token ? { token } : {}) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 120)}`);
    }
    const envelope = EnvelopeSchema.parse(json);
    if (envelope.code < 0) throw new UpstreamRefusal(path, envelope.code, envelope.message);
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success)
      throw new Error(`${path}: unexpected data: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
    return parsed.data;
  }

  /** Signs a member in (username and password) and returns the token. */
  async logIn(username: string, password: string): Promise<string> {
    const data = await this.call("/api/login/login", z.object({ token: z.string().min(1) }), { username, password });
    return data.token;
  }
}

/** A member's money and points as the upstream holds them, in cents and points. */
export const AccountSchema = z.object({
  balance: CentsSchema,
  balance_money: CentsSchema,
  point: IntSchema,
});
export type Account = z.infer<typeof AccountSchema>;

export function memberAccount(upstream: Upstream, token: string): Promise<Account> {
  return upstream.call("/api/member/info", AccountSchema, {}, token);
}

export const OrderSchema = z.object({
  order_id: IntSchema,
  order_no: z.string(),
  out_trade_no: z.string().optional(),
  order_status: IntSchema,
  order_status_name: z.string().optional(),
  pay_status: IntSchema.optional(),
  pay_type: z.string().optional(),
  order_money: CentsSchema,
  pay_money: CentsSchema,
  balance_money: CentsSchema.optional(),
  promotion_type: z.string().optional(),
  delivery_type: z.string().optional(),
  evaluate_status: IntSchema.optional(),
  order_goods: z.array(
    z
      .object({
        order_goods_id: IntSchema,
        sku_id: IntSchema,
        sku_name: z.string(),
        num: IntSchema,
        refund_status: IntSchema.optional(),
      })
      .passthrough(),
  ),
});
export type Order = z.infer<typeof OrderSchema>;

export function orderDetail(upstream: Upstream, token: string, orderId: number): Promise<Order> {
  return upstream.call("/api/order/detail", OrderSchema, { order_id: orderId }, token);
}

/** The member's newest orders, newest first (Niushop's own list, all statuses). */
export async function newestOrders(upstream: Upstream, token: string, count = 5): Promise<Array<{ order_id: number; order_no: string }>> {
  const page = await upstream.call(
    "/api/order/lists",
    z.object({ list: z.array(z.object({ order_id: IntSchema, order_no: z.string() }).passthrough()) }),
    { page: 1, page_size: count },
    token,
  );
  return page.list;
}

/** Stock of a SKU as the goods detail states it. */
export async function skuStock(upstream: Upstream, skuId: number): Promise<number> {
  const detail = await upstream.call("/api/goodssku/detail", z.object({ goods_sku_detail: z.object({ stock: IntSchema }).passthrough() }), { sku_id: skuId });
  return detail.goods_sku_detail.stock;
}
