import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/utils/redirect.server";
import { clearToken } from "~/session/session.server";

// Not conform (issue 32): the logout button posts no field; nothing is parsed.
/** POST /logout: the token is dropped and its sign-in id denied, so a replayed copy of the cookie is a visitor's (the upstream has no logout call; ADR 008). */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/index", { status: 303, headers: { "Set-Cookie": await clearToken(request, context) } });
}

export function loader() {
  throw new Response(null, { status: 405 });
}
