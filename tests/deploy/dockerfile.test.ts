import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { shippedStartCommand } from "../support/start-command";

/**
 * The properties issue 14 asks of the image, read from the Dockerfile's instructions: seconds in the
 * unit suite, and each failure names the property (no Dockerfile linter is packaged for our machines:
 * hadolint is neither in Debian 12 nor on npm). `npm run test:image` (tests/image/run.ts, ADR 059)
 * builds and runs the image itself with podman.
 */

type Instruction = { keyword: string; args: string };
type Stage = { name: string; from: string; instructions: Instruction[] };

/** Instructions per stage: comments dropped, `\` continuations joined. */
function parseDockerfile(text: string): { args: Instruction[]; stages: Stage[] } {
  const logical: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("#") || (line === "" && pending === "")) continue;
    pending += `${line.replace(/\\$/, "").trim()} `;
    if (!line.endsWith("\\")) {
      logical.push(pending.trim());
      pending = "";
    }
  }
  const args: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword, ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    if (instruction.keyword === "FROM") {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`unreadable FROM: ${line}`);
      stages.push({ from: match[1], name: match[2] ?? String(stages.length), instructions: [] });
    } else if (stages.length === 0) {
      args.push(instruction);
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return { args, stages };
}

const { args, stages } = parseDockerfile(readFileSync("Dockerfile", "utf8"));
const [build, runtime] = stages;
const all = (stage: Stage, keyword: string) => stage.instructions.filter((instruction) => instruction.keyword === keyword);
const one = (stage: Stage, keyword: string) => {
  const found = all(stage, keyword);
  expect(found, `${stage.name}: one ${keyword}`).toHaveLength(1);
  return found[0].args;
};

describe("Dockerfile", () => {
  test("two stages from the same Node 20 base: build, then runtime", () => {
    expect(stages.map((stage) => stage.name)).toEqual(["build", "runtime"]);
    const base = args.find((arg) => arg.keyword === "ARG" && arg.args.startsWith("NODE_IMAGE="));
    expect(base?.args).toMatch(/^NODE_IMAGE=node:20[-.\w]*$/);
    for (const stage of stages) expect(stage.from).toBe("${NODE_IMAGE}");
  });

  test("the build stage installs every dependency from the lockfile, compiles, builds, then prunes dev dependencies", () => {
    const runs = all(build, "RUN").map((run) => run.args);
    expect(
      runs.some((run) => /python3/.test(run) && /g\+\+/.test(run)),
      "a compiler for better-sqlite3",
    ).toBe(true);
    const copies = all(build, "COPY").map((copy) => copy.args);
    expect(copies[0]).toBe("package.json package-lock.json ./");
    // The dependency patches (ADR 028) are there before npm ci runs its postinstall.
    expect(copies[1]).toBe("patches ./patches");
    const ci = runs.findIndex((run) => /\bnpm ci\b/.test(run));
    const buildRun = runs.findIndex((run) => /\bnpm run build\b/.test(run));
    expect(ci).toBeGreaterThanOrEqual(0);
    expect(buildRun).toBeGreaterThan(ci);
    // Nothing but npm and Debian packages is downloaded: the addon compiles with the image's own headers.
    expect(runs[ci]).toMatch(/\bnpm_config_build_from_source=better-sqlite3 npm ci\b/);
    expect(all(build, "ENV").map((env) => env.args)).toContain("npm_config_nodedir=/usr/local");
    expect(runs[buildRun]).toMatch(/npm prune --omit=dev --ignore-scripts/);
    expect(runs[buildRun]).toMatch(/--outfile=build\/shop-api\.js/);
  });

  test("the runtime stage gets the build and production dependencies only, never sources or dev tools", () => {
    const copies = all(runtime, "COPY").map((copy) => copy.args);
    for (const copy of copies) expect(copy, "everything comes from the build stage, owned by node").toMatch(/^--from=build --chown=node:node /);
    const copied = copies.map((copy) => copy.split(/\s+/)[2]);
    expect(copied.sort()).toEqual(["/app/build", "/app/locales", "/app/node_modules", "/app/package.json"]);
    for (const run of all(runtime, "RUN")) expect(run.args).not.toMatch(/npm (ci|install)|g\+\+/);
  });

  test("runs as the non-root node user with NODE_ENV=production", () => {
    expect(one(runtime, "USER")).toBe("node");
    const env = all(runtime, "ENV")
      .map((instruction) => instruction.args)
      .join(" ");
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
  });

  test("exposes the port, checks /healthz, stops with SIGTERM through an init that forwards it", () => {
    expect(one(runtime, "EXPOSE")).toBe("3000");
    const healthcheck = one(runtime, "HEALTHCHECK");
    expect(healthcheck).toMatch(/--interval=\d+s/);
    expect(healthcheck).toMatch(/CMD .*\/healthz/);
    expect(one(runtime, "STOPSIGNAL")).toBe("SIGTERM");
    expect(JSON.parse(one(runtime, "ENTRYPOINT"))).toEqual(["/usr/bin/tini", "--"]);
    // The same command line as `npm start` (its Node flags: ADR 029).
    const { argv, nodeArgs } = shippedStartCommand();
    expect(JSON.parse(one(runtime, "CMD"))).toEqual(argv);
    expect(nodeArgs).toEqual([expect.stringMatching(/^--max-semi-space-size=\d+$/)]);
  });

  test(".dockerignore keeps host installs, local data, secrets and git out of the build context", () => {
    const ignored = readFileSync(".dockerignore", "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    for (const entry of ["node_modules", "build", "data", ".env", ".git"]) expect(ignored).toContain(entry);
    // What the build needs must stay in the context.
    for (const needed of ["app", "locales", "public", "shop-api", "patches", "package.json", "package-lock.json"]) expect(ignored).not.toContain(needed);
  });
});
