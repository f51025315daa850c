import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rule of eslint.config.js (docs/architecture.md "Layers"): a module of app/ imports only
 * from its own layer or below, type imports included. Linted as if the text sat at `filePath`.
 */
const eslint = new ESLint();

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

describe("the layer rule", () => {
  it("refuses an import of a layer above, a type import too", async () => {
    expect(
      await layerErrors("app/utils/probe.ts", 'import { useRootData } from "~/components/layout/root-data";\nexport const probe = useRootData;\n'),
    ).toEqual([expect.stringContaining("app/utils may not import a layer above it")]);
    expect(
      await layerErrors("app/components/probe.tsx", 'import type { loader } from "~/routes/_main.cart/route";\nexport type Probe = typeof loader;\n'),
    ).toEqual([expect.stringContaining("app/components may not import a layer above it")]);
    expect(await layerErrors("app/domain/probe.ts", 'import { formatMoney } from "~/utils/format";\nexport const probe = formatMoney;\n')).toHaveLength(1);
    expect(await layerErrors("app/upstream/probe.ts", 'import type { RootData } from "~/root";\nexport type Probe = RootData;\n')).toHaveLength(1);
  });

  it("refuses a relative path into another folder of app/", async () => {
    expect(await layerErrors("app/components/layout/probe.tsx", 'import { log } from "../../utils/log.server";\nexport const probe = log;\n')).toEqual([
      expect.stringContaining("by its ~/ path"),
    ]);
  });

  it("lets a layer import its own folder and the layers below", async () => {
    expect(
      await layerErrors("app/routes/probe.tsx", 'import { useRootData } from "~/components/layout/root-data";\nexport const probe = useRootData;\n'),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/upstream/probe.ts",
        'import { readToken } from "~/session/session.server";\nimport { env } from "~/utils/env.server";\nexport const probe = [readToken, env];\n',
      ),
    ).toEqual([]);
    expect(await layerErrors("app/components/form/probe.tsx", 'import { Button } from "../ui";\nexport const probe = Button;\n')).toEqual([]);
  });

  it("keeps the upstream schemas' own rule (zod 4) beside the layer rule", async () => {
    const errors = await layerErrors(
      "app/upstream/schemas/probe.ts",
      'import { z } from "zod";\nimport type { RootData } from "~/components/layout/root-data";\nexport type Probe = [typeof z, RootData];\n',
    );
    expect(errors).toEqual([expect.stringContaining("zod 4"), expect.stringContaining("may not import a layer above it")]);
  });
});
