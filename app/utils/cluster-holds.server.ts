import cluster, { type Worker } from "node:cluster";

/**
 * Counts of things held open (the chat relay's sockets per member and per client address) that
 * the workers of one machine share: the primary keeps the counts, a worker asks it to take one and
 * tells it when one is given back, and a worker that dies gives back everything it held. Not a
 * rate limit (auth/attempts.server.ts): a count of what is open must end with what holds it, and a
 * window counter would either forget open sockets or keep those of a dead process.
 * Without workers (development, tests) the counts live in the process.
 */
const CHANNEL = "bff_shared_holds";
/** A primary that does not answer in time (stopping) refuses: better a refused socket than an unbounded one. */
const ANSWER_TIMEOUT_MS = 2_000;

type TakeMessage = { channel: typeof CHANNEL; op: "take"; key: string; max: number; id: number };
type GiveMessage = { channel: typeof CHANNEL; op: "give"; key: string };
type AnswerMessage = { channel: typeof CHANNEL; id: number; granted: boolean };

export type Holds = {
  /** Takes one hold of `key` when fewer than `max` are held; false otherwise. */
  take(key: string, max: number): Promise<boolean>;
  give(key: string): void;
};

/** Counts by key; `take` and `give` keep it free of zero entries. */
class Counts {
  private readonly held = new Map<string, number>();
  take(key: string, max: number): boolean {
    const count = this.held.get(key) ?? 0;
    if (count >= max) return false;
    this.held.set(key, count + 1);
    return true;
  }
  give(key: string, times = 1) {
    const count = (this.held.get(key) ?? 0) - times;
    if (count > 0) this.held.set(key, count);
    else this.held.delete(key);
  }
}

type WorkerState = { pending: Map<number, (granted: boolean) => void>; next: number; listening: boolean };

/** One state per process (server.ts's bundle and the Remix build each load this module). */
function workerState(): WorkerState {
  const holder = globalThis as { __bffSharedHolds?: WorkerState };
  holder.__bffSharedHolds ??= { pending: new Map(), next: 0, listening: false };
  return holder.__bffSharedHolds;
}

function isAnswer(message: unknown): message is AnswerMessage {
  const candidate = message as Partial<AnswerMessage> | null;
  return candidate?.channel === CHANNEL && typeof candidate.id === "number" && typeof candidate.granted === "boolean";
}

/** Holds named `set` (keys of different sets never meet). */
export function sharedHolds(set: string): Holds {
  if (!cluster.isWorker) {
    const counts = new Counts();
    return { take: async (key, max) => counts.take(key, max), give: (key) => counts.give(key) };
  }
  const state = workerState();
  if (!state.listening) {
    state.listening = true;
    process.on("message", (message: unknown) => {
      if (!isAnswer(message)) return;
      state.pending.get(message.id)?.(message.granted);
      state.pending.delete(message.id);
    });
  }
  return {
    take(key, max) {
      const id = (state.next += 1);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          state.pending.delete(id);
          resolve(false);
        }, ANSWER_TIMEOUT_MS);
        state.pending.set(id, (granted) => {
          clearTimeout(timer);
          resolve(granted);
        });
        process.send?.({ channel: CHANNEL, op: "take", key: `${set}\n${key}`, max, id } satisfies TakeMessage);
      });
    },
    give(key) {
      process.send?.({ channel: CHANNEL, op: "give", key: `${set}\n${key}` } satisfies GiveMessage);
    },
  };
}

/** In the primary: keeps the counts for every worker, and gives back what a worker held when it exits. */
export function relaySharedHolds(): void {
  const counts = new Counts();
  /** What each worker holds, by key, to give back when it exits. */
  const byWorker = new Map<number, Map<string, number>>();
  cluster.on("message", (worker: Worker, message: unknown) => {
    const candidate = message as { channel?: unknown; op?: unknown; key?: unknown; max?: unknown; id?: unknown } | null;
    if (candidate?.channel !== CHANNEL || typeof candidate.key !== "string") return;
    const held = byWorker.get(worker.id) ?? new Map<string, number>();
    byWorker.set(worker.id, held);
    const mine = held.get(candidate.key) ?? 0;
    if (candidate.op === "take" && typeof candidate.max === "number" && typeof candidate.id === "number") {
      const granted = counts.take(candidate.key, candidate.max);
      if (granted) held.set(candidate.key, mine + 1);
      worker.send({ channel: CHANNEL, id: candidate.id, granted } satisfies AnswerMessage);
    } else if (candidate.op === "give" && mine > 0) {
      counts.give(candidate.key);
      if (mine > 1) held.set(candidate.key, mine - 1);
      else held.delete(candidate.key);
    }
  });
  cluster.on("exit", (worker) => {
    for (const [key, times] of byWorker.get(worker.id) ?? []) counts.give(key, times);
    byWorker.delete(worker.id);
  });
}
