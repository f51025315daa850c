import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { MENU_CAPABILITIES, MemberMenu } from "~/components/member/member-menu";
import { probeCapability } from "~/upstream/capabilities.server";
import type { RouteHandle } from "~/utils/handle";
import { upstreamFailedIn } from "~/utils/request-scope.server";
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["member"] };

/**
 * Which of the menu's optional features the upstream lacks (ADR 009: a stock Niushop has no staff
 * addon and no qualification endpoints): those items are left out. The same for every member (the
 * probes are cached); each page's own loader guards it (STYLE.md B3), so nothing here assumes its
 * children.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  // The upstream already timed out in this request (a failed post): not asked again; the optional items are left out.
  if (upstreamFailedIn(context)) return { absentFeatures: [...MENU_CAPABILITIES] };
  const present = await Promise.all(MENU_CAPABILITIES.map((name) => probeCapability(name)));
  return { absentFeatures: MENU_CAPABILITIES.filter((_, index) => !present[index]) };
}

/** Never revalidated: nothing a member does changes the upstream's features; the next document asks again. */
export const shouldRevalidate = () => false;

export default function MemberLayout() {
  const { absentFeatures } = useLoaderData<typeof loader>();
  return (
    <div className="member-layout">
      <MemberMenu absent={absentFeatures} />
      <div className="member-layout__main">
        <Outlet />
      </div>
    </div>
  );
}
