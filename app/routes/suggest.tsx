import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { SuggestData } from "~/domain/search";
import { KeywordSchema } from "~/domain/search-schemas";
import { suggestGoods } from "~/upstream/catalog.server";
import { sharedContext } from "~/upstream/context.server";
import { methodNotAllowed } from "~/utils/bad-request.server";

/** GET /suggest?keyword=: goods names for the header search's suggestions (a JS enhancement). */
export async function loader({ request }: LoaderFunctionArgs) {
  const keyword = KeywordSchema.safeParse(new URL(request.url).searchParams.get("keyword") ?? "");
  if (!keyword.success) return data<SuggestData>({ suggestions: [] }, { status: 400 });
  if (!keyword.data) return { suggestions: [] } satisfies SuggestData;
  const list = await suggestGoods(sharedContext(), keyword.data).catch(() => []);
  return { suggestions: list.slice(0, 10).map((item) => ({ id: item.sku_id ?? item.goods_id, name: item.goods_name })) } satisfies SuggestData;
}

export const action = methodNotAllowed;
