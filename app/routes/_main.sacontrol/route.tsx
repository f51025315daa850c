import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SaleControlList } from "~/components/catalog/sale-control-list";
import { loadSaleControl } from "./sale-control.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:saleControl.goodsTitle" };

/** /sacontrol: the goods the member may not buy or see the price of (docs/behaviour.md "Sale control"). */
export function loader(args: LoaderFunctionArgs) {
  return loadSaleControl(args, "goods");
}

export default function SaleControlGoodsPage() {
  const view = useLoaderData<typeof loader>();
  return <SaleControlList kind="goods" {...view} />;
}
