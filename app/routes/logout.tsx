import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearToken } from "~/auth/session.server";

/** POST /logout: the token is dropped (the upstream has no logout call) and the page reloads as a visitor. */
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/index", { status: 303, headers: { "Set-Cookie": await clearToken(request) } });
}

export function loader() {
  throw new Response(null, { status: 405 });
}
