import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { z } from "zod/v4";
import type { SaleControlRowView } from "~/domain/sale-control";
import { notFoundResponse } from "~/utils/not-found.server";
import { probeCapability } from "~/upstream/capabilities.server";
import { listSaleControl } from "~/upstream/catalog.server";
import { assetUrl, memberContext } from "~/upstream/context.server";

const PageSchema = z.coerce.number().int().min(1).max(500).catch(1);

/**
 * Loader of /sacontrol (goods) and /cacontrelist (categories): the member's restrictions, or a
 * login prompt; 404 when the upstream has no sale control (capability "salecontrol").
 */
export async function loadSaleControl({ request, context }: LoaderFunctionArgs, kind: "goods" | "category") {
  const page = PageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const ctx = await memberContext(request, context);
  if (!ctx.token) {
    if (!(await probeCapability("salecontrol"))) throw notFoundResponse();
    return data({ isMember: false, rows: [] as SaleControlRowView[], page, pageCount: 0 });
  }
  const result = await listSaleControl(ctx, kind, page);
  if (!result) throw notFoundResponse();
  const rows: SaleControlRowView[] = result.list.map((entry) => ({
    id: entry.id,
    name: (kind === "goods" ? entry.goods_name : entry.category_name) || String(entry.goods_id ?? entry.category_id ?? entry.id),
    href:
      kind === "goods"
        ? entry.sku_id || entry.goods_id
          ? `/sku-${entry.sku_id ?? entry.goods_id}`
          : null
        : entry.category_id
          ? `/list?category_id=${entry.category_id}`
          : null,
    image: assetUrl(entry.sku_image),
    canBuy: entry.is_member_by,
    canSeePrice: entry.view_price,
    message: entry.not_buy_msg,
    reason: entry.reason,
  }));
  return data({ isMember: true, rows, page, pageCount: result.page_count });
}
