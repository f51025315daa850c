import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * The dependency patches in `patches/` (ADR 028, 034, 055): each is a speed-up of the server's route
 * matching, and each is found here by what it does, so the server says at start-up which are active
 * (a dependency upgraded without its patch only costs CPU) and `tests/unit/dependency-patches.test.ts`
 * fails when one is not. The server loads these packages' CommonJS builds: so does this module.
 */
const require = createRequire(import.meta.url);

type Probe = { patch: string; what: string; active: () => boolean };

const PROBES: Probe[] = [
  {
    patch: "@remix-run+router",
    what: "matchRoutes keeps a routes array's ranked branches",
    // Kept per array: a route pushed onto an array already matched against is not seen.
    active: () => {
      const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
      const routes: { path: string }[] = [{ path: "/probe-a" }];
      matchRoutes(routes, "/probe-b");
      routes.push({ path: "/probe-b" });
      return matchRoutes(routes, "/probe-b") === null;
    },
  },
  {
    patch: "react-router-dom",
    what: "createStaticRouter derives a routes array's data routes once",
    active: () => {
      const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
      const routes = [{ id: "probe", path: "/" }];
      const location = { pathname: "/", search: "", hash: "", state: null, key: "default" };
      const context = { basename: "/", location, matches: [], loaderData: {}, actionData: null, errors: null } as unknown as Parameters<
        typeof createStaticRouter
      >[1];
      return createStaticRouter(routes, context).routes === createStaticRouter(routes, context).routes;
    },
  },
  {
    patch: "@remix-run+react (Link)",
    what: "a server Link to an absolute path renders without resolving it",
    // The resolving Link needs a location (useHref); the patched one only the navigation context.
    active: () => {
      const { Link } = require("@remix-run/react") as typeof import("@remix-run/react");
      const { UNSAFE_NavigationContext } = require("react-router-dom") as typeof import("react-router-dom");
      const navigation = { basename: "/", navigator: {} as never, static: true, future: { v7_relativeSplatPath: false } };
      try {
        const html = renderToStaticMarkup(createElement(UNSAFE_NavigationContext.Provider, { value: navigation }, createElement(Link, { to: "/probe" })));
        return html.includes('href="/probe"');
      } catch {
        return false;
      }
    },
  },
  {
    patch: "@remix-run+react (RemixServer)",
    what: "RemixServer builds the route tree once per build",
    // Seen only through a whole document render: the installed file carries the patch's own marker.
    active: () => readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8").includes("function serverRoutesOf("),
  },
];

export type PatchState = { patch: string; what: string; active: boolean };

export function dependencyPatches(): PatchState[] {
  return PROBES.map(({ patch, what, active }) => ({ patch, what, active: probe(active) }));
}

/** A probe that throws found a package unlike the patched one. */
function probe(active: () => boolean): boolean {
  try {
    return active();
  } catch {
    return false;
  }
}
