import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/utils/redirect.server";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { errorText } from "~/utils/error-text";
import { Alert } from "~/components/ui";
import { KeywordSchema, SearchTypeSchema } from "~/domain/search-schemas";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { title: "search.title" };

/**
 * GET /search: the no-JS target of the header search. Goods searches go to /list, shop searches
 * to /street; a keyword over 50 characters stays here with the message and a 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = KeywordSchema.safeParse(url.searchParams.get("keyword") ?? "");
  if (!keyword.success) return data({ error: keyword.error.issues[0].message }, { status: 400 });
  const type = SearchTypeSchema.parse(url.searchParams.get("search_type"));
  const params = new URLSearchParams(keyword.data ? { keyword: keyword.data } : {});
  const target = type === "shop" ? "/street" : "/list";
  throw redirect(params.size ? `${target}?${params}` : target);
}

export default function SearchPage() {
  const { t } = useTranslation();
  const { error } = useLoaderData<typeof loader>();
  return (
    <div className="ui-container search-page">
      <Alert color="orange" role="alert">
        {errorText(t, error)}
      </Alert>
    </div>
  );
}
