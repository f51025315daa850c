import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * shop-api/ as a package of its own (ADR 069): the dependencies its package.json lists are the
 * ones its files use, and its one entry is what the BFF's server build bundles. The lint boundary
 * (it never imports app/, app/ never imports it) is tested in tests/unit/shop-api-boundary.test.ts.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const pkg = JSON.parse(readFileSync(join(root, 'shop-api', 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[]; scripts: Record<string, string> }

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** The packages a file imports (static, dynamic, `require`), by package name. */
function packagesOf(text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\(\s*)'([^'.][^']*)'/g)].map((m) => m[1]!)
  return specifiers.filter((s) => !s.startsWith('node:') && !builtinModules.includes(s)).map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!))
}

describe('the shop-api package', () => {
  it('is a workspace of the root, named as the BFF imports it', () => {
    expect(rootPkg.workspaces).toContain('shop-api')
    expect(pkg.name).toBe('@storefront/shop-api')
    expect(readFileSync(join(root, 'server.ts'), 'utf8')).toContain('await import("@storefront/shop-api")')
  })

  it('has one entry, the one the server build bundles (node cannot run the TypeScript source)', () => {
    expect(Object.keys(pkg.exports)).toEqual(['.'])
    expect(pkg.exports['.']).toBe('./index.ts')
    expect(rootPkg.scripts['build:server']).toContain(`--alias:${pkg.name}=./shop-api/${pkg.exports['.']!.slice(2)}`)
  })

  it('lists what its files import: dependencies for the code, dev dependencies for its tests', () => {
    const used = { code: new Set<string>(), tests: new Set<string>() }
    for (const file of sources(join(root, 'shop-api'))) {
      const where = relative(join(root, 'shop-api'), file).startsWith('tests/') ? used.tests : used.code
      for (const name of packagesOf(readFileSync(file, 'utf8'))) where.add(name)
    }
    expect([...used.code].sort()).toEqual(Object.keys(pkg.dependencies).sort())
    for (const name of used.tests) expect(pkg.dependencies[name] ?? pkg.devDependencies[name], `${name} (tests)`).toBeDefined()
  })
})
