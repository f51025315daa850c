import { type ActionFunctionArgs } from "@remix-run/node";
import { readFormData } from "~/utils/form-data.server";
import { redirect } from "~/utils/redirect.server";
import { z } from "zod";
import { cookieSecure } from "~/utils/cookie-secure.server";
import { languageCookie } from "~/i18n/language-cookie.server";
import { supportedLanguages } from "~/i18n/config";
import { badRequest } from "~/utils/bad-request.server";

const SetLanguageSchema = z.object({ lng: z.enum(supportedLanguages), redirect: z.string().max(2000).optional() });

// Not conform (issue 32): a resource route that answers a redirect, never a page rendering a submission's result; a bad body is one 400.
/** POST /set-lang: remembers the language in a cookie and goes back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = SetLanguageSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw await badRequest(request);
  return redirect(parsed.data.redirect ?? "/index", {
    status: 303,
    headers: { "Set-Cookie": await languageCookie.serialize(parsed.data.lng, { secure: cookieSecure() }) },
  });
}

export function loader() {
  throw new Response(null, { status: 405 });
}
