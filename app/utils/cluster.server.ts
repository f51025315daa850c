import cluster, { type Worker } from "node:cluster";
import { LRUCache } from "lru-cache";
import type { Redis } from "ioredis";
import { log } from "./log.server";
import { KEY_PREFIX, onSharedStoreReady, sharedRedis } from "./shared-store.server";

/**
 * What the BFF's workers on one machine share (server.ts runs one worker per core with
 * node:cluster): marks such as "this sign-in logged out" or "this captcha was used" are kept in
 * each worker and relayed through the primary to the others, so a replayed cookie or captcha fails
 * whichever worker it reaches. With REDIS_URL set the marks are also written to the shared Redis
 * and asked there, so every instance of a deployment knows them (ADR 052); while Redis is away a
 * mark is known to this machine only and written to Redis once it is back.
 *
 * `add` resolves once every other worker holds the mark: the worker sends it to the primary with
 * an id, the primary passes it on and collects each worker's acknowledgement, then tells the
 * sender it is done. Logout awaits this before answering, so a cookie replayed at once on another
 * worker is already refused (ADR 008). A worker that does not answer within ACK_TIMEOUT_MS (it is
 * dying) does not hold the logout up for longer.
 */
const CHANNEL = "bff_shared_marks";
export const ACK_TIMEOUT_MS = 2_000;

/** worker → primary → other workers: a new mark; `id` names it for the acknowledgements. */
type MarkMessage = { channel: typeof CHANNEL; set: string; key: string; id: string };
/** other worker → primary: holds mark `ack`; primary → sender: every worker holds mark `done`. */
type AckMessage = { channel: typeof CHANNEL; ack: string };
type DoneMessage = { channel: typeof CHANNEL; done: string };

function isMarkMessage(message: unknown): message is MarkMessage {
  const candidate = message as Partial<MarkMessage> | null;
  return candidate?.channel === CHANNEL && typeof candidate.set === "string" && typeof candidate.key === "string" && typeof candidate.id === "string";
}
function isAckMessage(message: unknown): message is AckMessage {
  const candidate = message as Partial<AckMessage> | null;
  return candidate?.channel === CHANNEL && typeof candidate.ack === "string";
}
function isDoneMessage(message: unknown): message is DoneMessage {
  const candidate = message as Partial<DoneMessage> | null;
  return candidate?.channel === CHANNEL && typeof candidate.done === "string";
}

export type SharedMarks = { has(key: string): Promise<boolean>; add(key: string): Promise<void> };

type WorkerState = { stores: Map<string, LRUCache<string, true>>; pending: Map<string, () => void>; listening: boolean; next: number };

/** One state per process: server.ts's bundle (the chat socket relay reads sessions) and the Remix build each load this module. */
function processState(): WorkerState {
  const holder = globalThis as { __bffSharedMarks?: WorkerState };
  holder.__bffSharedMarks ??= { stores: new Map(), pending: new Map(), listening: false, next: 0 };
  return holder.__bffSharedMarks;
}

/** In a worker: one listener for marks from the others (stored, then acknowledged) and for "done" answers. */
function listen(state: WorkerState) {
  if (state.listening || !cluster.isWorker) return;
  state.listening = true;
  process.on("message", (message: unknown) => {
    if (isMarkMessage(message)) {
      state.stores.get(message.set)?.set(message.key, true);
      process.send?.({ channel: CHANNEL, ack: message.id } satisfies AckMessage);
    } else if (isDoneMessage(message)) {
      const resolve = state.pending.get(message.done);
      state.pending.delete(message.done);
      resolve?.();
    }
  });
}

/**
 * A bounded set of marks with a lifetime, shared by the workers of this machine and, with
 * REDIS_URL, by every instance. Whether Redis is used is decided at the first call (the env is
 * read then, not when a module creates its set).
 */
export function sharedMarks(set: string, options: { max: number; ttl: number }): SharedMarks {
  const state = processState();
  const local = state.stores.get(set) ?? new LRUCache<string, true>(options);
  state.stores.set(set, local);
  listen(state);
  let shared: RedisMarks | null | undefined;
  const store = () => (shared === undefined ? (shared = redisMarks(set, options.ttl)) : shared);
  return {
    has: async (key) => {
      if (local.has(key)) return true;
      const marked = (await store()?.has(key)) ?? false;
      if (marked) local.set(key, true); // a mark never goes away before its lifetime: no need to ask again
      return marked;
    },
    add: async (key) => {
      await Promise.all([addMark(state, local, set, key), store()?.add(key)]);
    },
  };
}

type RedisMarks = { has(key: string): Promise<boolean>; add(key: string): Promise<void> };

/**
 * The marks of `set` in the shared Redis (null without REDIS_URL), each key expiring with the
 * set's lifetime. Asking while Redis is away answers "not marked" (the local set has answered
 * already); a mark that could not be written waits in `unwritten` until the connection is back.
 */
function redisMarks(set: string, ttl: number): RedisMarks | null {
  const redis = sharedRedis();
  if (!redis) return null;
  const keyOf = (key: string) => `${KEY_PREFIX}mark:${set}:${key}`;
  const unwritten = new Map<string, number>(); // key → when it expires
  const write = (client: Redis, key: string, until: number) => client.set(keyOf(key), "1", "PX", Math.max(1, until - Date.now()));
  onSharedStoreReady(() => {
    for (const [key, until] of unwritten) {
      unwritten.delete(key);
      if (until > Date.now()) write(redis, key, until).catch(() => unwritten.set(key, until));
    }
  });
  return {
    has: async (key) => {
      try {
        return (await redis.exists(keyOf(key))) === 1;
      } catch (error) {
        log("shared_marks_unavailable", { set, operation: "exists", message: (error as Error).message }, "debug");
        return false;
      }
    },
    add: async (key) => {
      const until = Date.now() + ttl;
      try {
        await write(redis, key, until);
      } catch (error) {
        log("shared_marks_unavailable", { set, operation: "set", message: (error as Error).message }, "debug");
        unwritten.set(key, until);
      }
    },
  };
}

function addMark(state: WorkerState, local: LRUCache<string, true>, set: string, key: string): Promise<void> {
  local.set(key, true);
  if (!cluster.isWorker || !process.send) return Promise.resolve();
  const id = `${process.pid}-${++state.next}`;
  return new Promise<void>((resolve) => {
    // The primary answers "done" after every worker acknowledged, or after its own timeout; this
    // one only guards against a primary that is gone.
    const timer = setTimeout(() => finish(), ACK_TIMEOUT_MS * 2);
    const finish = () => {
      clearTimeout(timer);
      state.pending.delete(id);
      resolve();
    };
    state.pending.set(id, finish);
    process.send?.({ channel: CHANNEL, set, key, id } satisfies MarkMessage);
  });
}

/** In the primary: passes each worker's marks on to every other worker and tells the sender once all of them hold it. */
const BROADCAST = "bff_broadcast";
/** worker → primary → every other worker: news that needs no acknowledgement (a capability verdict). */
type BroadcastMessage = { channel: typeof BROADCAST; topic: string; payload: unknown };

function isBroadcastMessage(message: unknown): message is BroadcastMessage {
  const candidate = message as Partial<BroadcastMessage> | null;
  return candidate?.channel === BROADCAST && typeof candidate.topic === "string";
}

/** In a worker: tells every other worker of this machine (through the primary). Elsewhere nothing. */
export function broadcastToSiblings(topic: string, payload: unknown): void {
  if (cluster.isWorker) process.send?.({ channel: BROADCAST, topic, payload } satisfies BroadcastMessage);
}

/** In a worker: `receive` gets what the other workers broadcast on `topic` (to be parsed: it crossed a process boundary). */
export function onSiblingBroadcast(topic: string, receive: (payload: unknown) => void): void {
  if (!cluster.isWorker) return;
  process.on("message", (message: unknown) => {
    if (isBroadcastMessage(message) && message.topic === topic) receive(message.payload);
  });
}

export function relaySharedMarks(): void {
  const waiting = new Map<string, { from: Worker; missing: Set<number>; timer: NodeJS.Timeout }>();
  const finish = (id: string) => {
    const entry = waiting.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    waiting.delete(id);
    if (entry.from.isConnected()) entry.from.send({ channel: CHANNEL, done: id } satisfies DoneMessage);
  };
  cluster.on("message", (from, message: unknown) => {
    if (isBroadcastMessage(message)) {
      for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(message);
      return;
    }
    if (isAckMessage(message)) {
      const entry = waiting.get(message.ack);
      entry?.missing.delete(from.id);
      if (entry && entry.missing.size === 0) finish(message.ack);
      return;
    }
    if (!isMarkMessage(message)) return;
    const others = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker && worker !== from && worker.isConnected());
    waiting.set(message.id, { from, missing: new Set(others.map((worker) => worker.id)), timer: setTimeout(() => finish(message.id), ACK_TIMEOUT_MS) });
    for (const worker of others) worker.send(message);
    if (others.length === 0) finish(message.id);
  });
  // A worker that exits acknowledges nothing more: stop waiting for it.
  cluster.on("exit", (worker) => {
    for (const [id, entry] of waiting) if (entry.missing.delete(worker.id) && entry.missing.size === 0) finish(id);
  });
}
