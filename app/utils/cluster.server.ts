import cluster from "node:cluster";
import { LRUCache } from "lru-cache";

/**
 * What the BFF's workers on one machine share (server.ts runs one worker per core with
 * node:cluster): marks such as "this sign-in logged out" or "this captcha was used" are kept in
 * each worker and relayed through the primary to the others, so a replayed cookie or captcha fails
 * whichever worker it reaches. Across machines this needs a shared store (docs/security.md).
 */
const CHANNEL = "bff_shared_marks";
type MarkMessage = { channel: typeof CHANNEL; set: string; key: string };

function isMarkMessage(message: unknown): message is MarkMessage {
  const candidate = message as Partial<MarkMessage> | null;
  return candidate?.channel === CHANNEL && typeof candidate.set === "string" && typeof candidate.key === "string";
}

export type SharedMarks = { has(key: string): boolean; add(key: string): void };

/** A bounded set of marks with a lifetime, shared by the workers of this machine. */
export function sharedMarks(set: string, options: { max: number; ttl: number }): SharedMarks {
  // One store per set and process: server.ts's bundle (the chat socket relay reads sessions) and
  // the Remix build each load this module, and both must see the same marks.
  const stores = ((globalThis as { __bffSharedMarks?: Map<string, LRUCache<string, true>> }).__bffSharedMarks ??= new Map());
  const known = stores.get(set);
  const local = known ?? new LRUCache<string, true>(options);
  stores.set(set, local);
  if (known) return { has: (key) => local.has(key), add: (key) => addMark(local, set, key) };
  if (cluster.isWorker) {
    process.on("message", (message: unknown) => {
      if (isMarkMessage(message) && message.set === set) local.set(message.key, true);
    });
  }
  return { has: (key) => local.has(key), add: (key) => addMark(local, set, key) };
}

function addMark(local: LRUCache<string, true>, set: string, key: string) {
  local.set(key, true);
  if (cluster.isWorker) process.send?.({ channel: CHANNEL, set, key } satisfies MarkMessage);
}

/** In the primary: passes each worker's marks on to every other worker. */
export function relaySharedMarks(): void {
  cluster.on("message", (from, message: unknown) => {
    if (!isMarkMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(message);
  });
}
