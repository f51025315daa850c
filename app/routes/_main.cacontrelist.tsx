import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SaleControlList } from "~/components/catalog/sale-control-list";
import { loadSaleControl } from "~/routes/_main.sacontrol/sale-control.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:saleControl.categoryTitle" };

/** /cacontrelist: the categories restricted for the member (docs/behaviour.md "Sale control"). */
export function loader(args: LoaderFunctionArgs) {
  return loadSaleControl(args, "category");
}

export default function SaleControlCategoriesPage() {
  const view = useLoaderData<typeof loader>();
  return <SaleControlList kind="category" {...view} />;
}
