import { readFileSync } from "node:fs";

/**
 * What `npm start` runs (ADR 029): `NODE_ENV=production node [flags] build/server.js`. The benches
 * start the BFF with the same Node flags, and the Dockerfile's CMD is held to the same command.
 */
export function shippedStartCommand(): { nodeArgs: string[]; argv: string[] } {
  const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  const flags = /^NODE_ENV=production node ((?:--\S+ )*)build\/server\.js$/.exec(start)?.[1];
  if (flags === undefined) throw new Error(`package.json's start script is not \`NODE_ENV=production node [flags] build/server.js\`: ${start}`);
  const nodeArgs = flags.split(" ").filter(Boolean);
  return { nodeArgs, argv: ["node", ...nodeArgs, "build/server.js"] };
}
