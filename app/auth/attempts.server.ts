import cluster from "node:cluster";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/utils/env.server";
import { scopeOf } from "~/utils/request-scope.server";

/**
 * The attempt limiter of the sign-in flows (docs/security.md "Attempt limits"), on
 * rate-limiter-flexible's in-memory limiter: each limit counts per account or mobile and per client
 * address, so neither one account from many addresses nor many accounts from one address can be
 * tried endlessly. Counters live in this process, or in the primary when server.ts runs workers
 * (RateLimiterCluster: every worker counts against the same numbers; ADR 008).
 */
type Limit = { points: number; duration: number };
const MINUTE = 60;

export const LIMITS = {
  /** Wrong passwords per account, and per client address. */
  passwordPerAccount: { points: 10, duration: 15 * MINUTE },
  passwordPerClient: { points: 30, duration: 15 * MINUTE },
  /** Wrong SMS codes (login, registration, find password) per mobile and per client address. */
  codePerMobile: { points: 5, duration: 15 * MINUTE },
  codePerClient: { points: 20, duration: 15 * MINUTE },
  /** SMS codes sent per mobile and per client address (every request counts, sent or refused). */
  sendPerMobile: { points: 10, duration: 60 * MINUTE },
  sendPerClient: { points: 20, duration: 60 * MINUTE },
  /** Registrations tried per client address. */
  registerPerClient: { points: 10, duration: 60 * MINUTE },
  /**
   * Wrong pay passwords before balance is spent, per member (a new sign-in does not start afresh)
   * and per client address (many members tried from one address).
   */
  payPasswordPerMember: { points: 5, duration: 15 * MINUTE },
  payPasswordPerClient: { points: 30, duration: 15 * MINUTE },
  /** A withdrawal form (its one-time id) is applied with once: a resubmitted form is not applied again. */
  withdrawalForm: { points: 1, duration: 24 * 60 * MINUTE },
} satisfies Record<string, Limit>;

/** After this many failures (per account or per client address) the password form needs a captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;

export type LimitName = keyof typeof LIMITS;

/** A limit's attempts; per-client ones scaled by CLIENT_LIMIT_FACTOR (many buyers behind one office address). */
function pointsOf(name: LimitName): number {
  return name.endsWith("PerClient") ? LIMITS[name].points * env().CLIENT_LIMIT_FACTOR : LIMITS[name].points;
}

/**
 * The one place limiters are made (a store shared by several instances plugs in here): counted in
 * this process, or in the primary when server.ts runs workers.
 */
const limiters = new Map<string, RateLimiterAbstract>();
function limiterFor(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  let found = limiters.get(keyPrefix);
  if (!found) {
    const options = { keyPrefix, points, duration };
    found = cluster.isWorker ? new RateLimiterCluster({ ...options, timeoutMs: 3000 }) : new RateLimiterMemory(options);
    limiters.set(keyPrefix, found);
  }
  return found;
}

function limiter(name: LimitName): RateLimiterAbstract {
  return limiterFor(name, pointsOf(name), LIMITS[name].duration);
}

/**
 * A rate whose numbers come from the environment (the chat relay's messages per second): `take`
 * answers whether one more event of `key` fits in the window. Same limiters as the attempt limits.
 */
export type Rate = { take(key: string): Promise<boolean> };
export function rate(name: string, points: number, durationSeconds: number): Rate {
  const keyPrefix = `rate:${name}:${points}:${durationSeconds}`;
  return {
    async take(key) {
      try {
        await limiterFor(keyPrefix, points, durationSeconds).consume(key);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
  };
}

/** The client's address as server.ts resolved it (TRUST_PROXY aware); "unknown" outside a request. */
export function clientAddress(request: Request): string {
  return scopeOf(request)?.clientAddress ?? "unknown";
}

/** A counted subject: which limit, and whose (an account name, a mobile, a client address). */
export type Subject = [LimitName, string];

/** Seconds until every given subject may try again, or 0 when none of them is used up. */
export async function blockedFor(subjects: Subject[]): Promise<number> {
  const states = await Promise.all(subjects.map(([name, key]) => limiter(name).get(normalise(key))));
  let wait = 0;
  subjects.forEach(([name], index) => {
    const state = states[index];
    if (state && state.consumedPoints >= pointsOf(name)) wait = Math.max(wait, Math.ceil(state.msBeforeNext / 1000));
  });
  return wait;
}

/** Counts one attempt (a failure, or a send) against every subject. */
export async function count(subjects: Subject[]): Promise<void> {
  await Promise.all(
    subjects.map(([name, key]) =>
      limiter(name)
        .consume(normalise(key))
        .catch((error: unknown) => {
          if (!(error instanceof RateLimiterRes)) throw error; // used up: blockedFor reports it next time
        }),
    ),
  );
}

/**
 * Takes a subject's one point for a one-time key (a limit of 1): true the first time, false for
 * every repeat in its window, whichever worker it reaches (the counter is the primary's).
 */
export async function claim([name, key]: Subject): Promise<boolean> {
  try {
    await limiter(name).consume(normalise(key));
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** How many attempts a subject has used in its window. */
export async function used([name, key]: Subject): Promise<number> {
  return (await limiter(name).get(normalise(key)))?.consumedPoints ?? 0;
}

/** Whether the password form needs a captcha: a subject has failed CAPTCHA_AFTER_FAILURES times (per client: scaled as its limit). */
export async function needsCaptcha(subjects: Subject[]): Promise<boolean> {
  const counts = await Promise.all(subjects.map(used));
  return subjects.some(([name], index) => counts[index] >= CAPTCHA_AFTER_FAILURES * (pointsOf(name) / LIMITS[name].points));
}

/** A successful sign-in forgets the account's failures (not the client address's). */
export async function forget(subjects: Subject[]): Promise<void> {
  await Promise.all(subjects.map(([name, key]) => limiter(name).delete(normalise(key))));
}

function normalise(key: string): string {
  return key.trim().toLowerCase();
}

/** The form message of a refusal: minutes rounded up. */
export function tooManyAttempts(seconds: number): string {
  return `auth:errors.tooManyAttempts|minutes=${Math.max(1, Math.ceil(seconds / 60))}`;
}
