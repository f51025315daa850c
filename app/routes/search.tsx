import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { KeywordSchema, SearchTypeSchema } from "~/domain/search";
import { getT } from "~/i18n/i18next.server";

/** GET /search: the no-JS target of the header search; sends goods searches to /list, shop searches to /street. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = KeywordSchema.safeParse(url.searchParams.get("keyword") ?? "");
  if (!keyword.success) {
    const t = await getT(request, "validation");
    throw data({ message: t("keywordTooLong") }, { status: 400 });
  }
  const type = SearchTypeSchema.parse(url.searchParams.get("search_type"));
  const params = new URLSearchParams(keyword.data ? { keyword: keyword.data } : {});
  const target = type === "shop" ? "/street" : "/list";
  return redirect(params.size ? `${target}?${params}` : target);
}
