import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { readToken } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { RouteHandle } from "~/utils/handle";
import { isLoginRequired } from "~/utils/routes";
import { loginUrlFor } from "~/utils/safe-redirect";

export const handle: RouteHandle = { title: "errors:title.404" };

/**
 * Every URL no route matches answers 404 inside the main layout. Login-required URLs of spec §2
 * that are not built yet still send visitors to login first, as the built ones do.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (isLoginRequired(new URL(request.url).pathname) && !(await readToken(request))) {
    throw redirect(loginUrlFor(request));
  }
  throw new Response(null, { status: 404 });
}

export function action() {
  throw new Response(null, { status: 404 });
}

export default function NotFound() {
  return null; // never rendered: the loader always throws
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
