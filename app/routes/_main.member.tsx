import { Outlet } from "@remix-run/react";
import { MemberMenu } from "~/components/member/member-menu";
import type { RouteHandle } from "~/utils/handle";
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["member"] };

/**
 * The member area's layout: the left menu and the page. No loader: the menu is the same for every
 * member, and each page's own loader guards it (STYLE.md B3), so nothing here assumes its children.
 */
export default function MemberLayout() {
  return (
    <div className="member-layout">
      <MemberMenu />
      <div className="member-layout__main">
        <Outlet />
      </div>
    </div>
  );
}
