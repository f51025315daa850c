import { redirect } from "~/utils/redirect.server";

/** spec §2: "/" redirects to /index. */
export function loader() {
  return redirect("/index", 301);
}
