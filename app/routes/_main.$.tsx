import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { throwNotFound } from "~/auth/guards.server";

export const handle: RouteHandle = { title: "errors:title.404" };

/**
 * Every URL no route matches answers 404 inside the main layout. Login-required URLs of spec §2
 * that are not built yet still send visitors to login first, as the built ones do.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return throwNotFound(request, context);
}

export function action() {
  throw notFoundResponse();
}

export default function NotFound() {
  return null; // never rendered: the loader always throws
}

export { ErrorBoundary } from "~/components/route-error-boundary";
