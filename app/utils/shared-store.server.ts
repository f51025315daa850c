import { Redis } from "ioredis";
import { env } from "./env.server";
import { log } from "./log.server";

/**
 * The store that the BFF's instances share when a deployment runs several (ADR 052): with
 * REDIS_URL set, attempt limits (auth/attempts.server.ts), marks such as logged-out sign-ins
 * (utils/cluster.server.ts) and capability verdicts (upstream/capabilities.server.ts) live in that
 * Redis; without it they stay in memory, shared only by the workers of one machine (ADR 008/010).
 *
 * One connection per process. Commands never wait in a queue while Redis is away: they fail at
 * once (`enableOfflineQueue: false`), or after a second when Redis does not answer
 * (`commandTimeout`), so a limit is refused instead of a request hanging, and ioredis keeps
 * reconnecting in the background (every 0.1–2 s).
 */

/** Every key of ours starts with this, so one Redis can serve other things too. */
export const KEY_PREFIX = "bff:";

type StoreState = { client: Redis | null; ready: boolean; down: boolean; onReady: Set<() => void> };

/** One state per process: server.ts's bundle (the chat relay reads sessions) and the Remix build each load this module. */
function storeState(): StoreState {
  const holder = globalThis as { __bffSharedStore?: StoreState };
  holder.__bffSharedStore ??= { client: null, ready: false, down: false, onReady: new Set() };
  return holder.__bffSharedStore;
}

/** The shared Redis, or null when REDIS_URL is unset (memory mode). Connects on first use. */
export function sharedRedis(): Redis | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  const state = storeState();
  if (state.client) return state.client;
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A Redis that accepts the connection but does not answer fails the command too (fail closed).
    commandTimeout: 1_000,
    // Reconnect for ever, quickly at first; a limit stays refused meanwhile (fail closed).
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  });
  client.on("ready", () => {
    state.ready = true;
    state.down = false;
    log("shared_store_ready", { pid: process.pid });
    for (const listener of state.onReady) listener();
  });
  // Without an "error" listener ioredis would crash the process; one line per outage, not per retry.
  client.on("error", (error: Error) => {
    state.ready = false;
    if (state.down) return;
    state.down = true;
    log("shared_store_unavailable", { pid: process.pid, message: error.message });
  });
  client.on("end", () => {
    state.ready = false;
  });
  state.client = client;
  return client;
}

/**
 * Connects at boot (server.ts, before it listens), so the first requests do not find the limits
 * refusing while the connection is still being made. Resolves once Redis answers or after
 * `timeoutMs` (Redis down at boot: the limits refuse until it is up). No-op without REDIS_URL.
 */
export async function connectSharedStore(timeoutMs = 5_000): Promise<boolean> {
  const client = sharedRedis();
  if (!client) return false;
  if (sharedStoreReady()) return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    const onReady = () => done(true);
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      resolve(ready);
    };
    client.once("ready", onReady);
  });
}

/** Whether the shared store answers now (false in memory mode). */
export function sharedStoreReady(): boolean {
  return storeState().ready && storeState().client?.status === "ready";
}

/** Calls `listener` each time the connection to Redis is (re)established (to write what waited). */
export function onSharedStoreReady(listener: () => void): void {
  storeState().onReady.add(listener);
}

/** Closes the connection (graceful shutdown, tests); the next sharedRedis() connects again. */
export async function closeSharedStore(): Promise<void> {
  const state = storeState();
  const client = state.client;
  state.client = null;
  state.ready = false;
  if (client) await client.quit().catch(() => client.disconnect());
}
