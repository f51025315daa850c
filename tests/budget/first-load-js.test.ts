import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * Issue 8's JS budget, read from the production build (run `npm run build` first): for every page
 * (a route chain that ends in a component), the JS a first load brings is the entry module, the
 * Remix manifest and every matched route's module with their imports, exactly the modulepreload
 * set `<Scripts>` writes. Bytes are deterministic, so this is a CI check, not a benchmark.
 */
const BUDGET = { files: 15, gzipBytes: 120 * 1024 };
const CLIENT = path.resolve("build/client");
const SERVER_BUILD = path.resolve("build/server/index.js");

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

function readManifest(): { file: string; manifest: Manifest } {
  const assets = readdirSync(path.join(CLIENT, "assets"));
  const file = assets.find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no build/client/assets/manifest-*.js: run `npm run build` first");
  const source = readFileSync(path.join(CLIENT, "assets", file), "utf8");
  const json = source.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "");
  return { file: `/assets/${file}`, manifest: JSON.parse(json) as Manifest };
}

const gzipSizes = new Map<string, number>();
function gzipSize(url: string): number {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(CLIENT, url))).length;
    gzipSizes.set(url, size);
  }
  return size;
}

function chainOf(routes: Record<string, ManifestRoute>, leafId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = routes[leafId]; route; route = route.parentId ? routes[route.parentId] : undefined) chain.unshift(route);
  return chain;
}

function firstLoadFiles(manifestFile: string, manifest: Manifest, leafId: string): string[] {
  const files = new Set<string>([manifestFile, manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chainOf(manifest.routes, leafId)) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** Page routes: leaves whose module renders (resource routes have no default export and load no JS). */
async function pageRouteIds(): Promise<string[]> {
  const build = (await import(/* @vite-ignore */ SERVER_BUILD)) as { routes: Record<string, { parentId?: string; module: { default?: unknown } }> };
  const parents = new Set(Object.values(build.routes).map((route) => route.parentId));
  return Object.entries(build.routes)
    .filter(([id, route]) => typeof route.module.default === "function" && !parents.has(id))
    .map(([id]) => id);
}

describe("first-load JS per page (production build)", async () => {
  const { file, manifest } = readManifest();
  const pages = await pageRouteIds();
  const rows = pages.map((id) => {
    const files = firstLoadFiles(file, manifest, id);
    return { page: id, files: files.length, gzipKB: Number((files.reduce((sum, f) => sum + gzipSize(f), 0) / 1024).toFixed(1)) };
  });
  console.table(rows);

  it("covers the pages the issue names", () => {
    for (const id of ["routes/_main.index", "routes/_main.list", "routes/_main.$slug", "routes/_main.cart", "routes/_auth.login"]) expect(pages).toContain(id);
  });

  it.each(rows)("$page: ≤ 15 files and ≤ 120 KB gzip", (row) => {
    expect(row.files, `${row.page} loads ${row.files} JS files`).toBeLessThanOrEqual(BUDGET.files);
    expect(row.gzipKB * 1024, `${row.page} loads ${row.gzipKB} KB gzip`).toBeLessThanOrEqual(BUDGET.gzipBytes);
  });
});
