import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

/** The root loader's data (layout, member, cart count); the main layout needs it on every page. */
export function useRootData() {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("root data is missing");
  return data;
}
