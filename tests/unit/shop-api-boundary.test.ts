import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint boundary of the reference shop API, a package of its own (eslint.config.js, ADR 069):
 * app/ never imports it, shop-api/ never imports app/ nor climbs out of its folder, and server.ts
 * starts it through the package's entry only. `import()` is held to the same as `import`.
 */
const eslint = new ESLint();

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("the shop API's lint boundary", () => {
  it("keeps app/ off the shop API, static, type-only or dynamic, by path or by name", async () => {
    expect(await refusals("app/routes/probe.tsx", 'import { createShopApi } from "../../shop-api/server";\nexport const p = createShopApi;\n')).toHaveLength(1);
    expect(await refusals("app/utils/probe.ts", 'import type { ShopApi } from "@storefront/shop-api";\nexport type P = ShopApi;\n')).toHaveLength(1);
    expect(await refusals("app/root.tsx", 'export const p = () => import("../shop-api/server");\n')).toHaveLength(1);
  });

  it("keeps shop-api/ off app/ and inside its own folder", async () => {
    expect(await refusals("shop-api/models/probe.ts", "import { env } from '~/utils/env.server'\nexport const p = env\n")).toHaveLength(1);
    expect(await refusals("shop-api/models/probe.ts", "import { x } from '../../app/root'\nexport const p = x\n")).toHaveLength(1);
    expect(await refusals("shop-api/routes/test-api/probe.ts", "export const p = () => import('../../../server')\n")).toHaveLength(1);
    expect(await refusals("shop-api/probe.ts", "import { x } from '../tests/support/shape'\nexport const p = x\n")).toHaveLength(1);
    expect(await refusals("shop-api/routes/test-api/probe.ts", "import { money } from '../../core/format.js'\nexport const p = money\n")).toEqual([]);
  });

  it("lets server.ts start it through the package entry only", async () => {
    expect(await refusals("server.ts", 'export const p = () => import("@storefront/shop-api");\n')).toEqual([]);
    expect(await refusals("server.ts", 'export const p = () => import("./shop-api/server");\n')).toHaveLength(1);
    expect(await refusals("server.ts", 'export const p = () => import("@storefront/shop-api/server");\n')).toHaveLength(1);
  });
});
