import { describe, expect, it } from "vitest";
import { dependencyPatches } from "~/utils/dependency-patches.server";

/** Each patch in patches/ is installed and does what its ADR says (the server logs the same at start-up). */
describe("dependency patches", () => {
  it.each(dependencyPatches().map((state) => [state.patch, state]))("%s is active", (_patch, state) => {
    expect(state, state.what).toMatchObject({ active: true });
  });
});
