import { redirect } from "@remix-run/node";

/** spec §2: "/" redirects to /index. */
export function loader() {
  return redirect("/index", 301);
}
