import { data, type ActionFunctionArgs } from "@remix-run/node";
import { readFormData } from "~/utils/form-data.server";
import { redirect } from "~/utils/redirect.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { closeTopAd } from "~/utils/top-ad.server";

// Not conform (issue 32): a resource route that reads only an optional `redirect` (a redirect or JSON for a fetcher); nothing to reply to.
/** POST /top-ad closes the top banner: data for a fetcher, post/redirect/get without JS. */
export async function action({ request }: ActionFunctionArgs) {
  const target = (await readFormData(request)).get("redirect");
  const headers = new Headers();
  for (const cookie of await closeTopAd(request)) headers.append("Set-Cookie", cookie);
  if (typeof target === "string") return redirect(safeRedirect(target), { status: 303, headers });
  return data({ closed: true }, { headers });
}

export function loader() {
  throw new Response(null, { status: 404 });
}
