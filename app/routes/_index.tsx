import { redirect } from "~/utils/redirect.server";
import { methodNotAllowed } from "~/utils/bad-request.server";

/** spec §2: "/" redirects to /index. */
export function loader() {
  return redirect("/index", 301);
}

export const action = methodNotAllowed;
