import { redirect } from "~/utils/redirect.server";

export function loader() {
  return redirect("/member/index");
}
