import cluster from "node:cluster";
import type { AppLoadContext } from "@remix-run/node";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { answerRetryAfter } from "~/utils/request-scope.server";
import { KEY_PREFIX, sharedRedis } from "~/utils/shared-store.server";

/**
 * The attempt limiter (docs/security.md "Attempt limits"), on rate-limiter-flexible: each limit
 * counts per account or mobile and per client address, so neither one account from many addresses
 * nor many accounts from one address can be tried endlessly. Where the counters live is this
 * module's choice, the same for every limit: in the shared Redis when REDIS_URL is set (every
 * instance counts against the same numbers, ADR 052), else in this process, or in the primary when
 * server.ts runs workers (RateLimiterCluster; ADR 008).
 *
 * Fail closed: while Redis cannot be asked, every limit refuses (429, "cannot check attempts just
 * now") rather than letting attempts through uncounted; it answers again once Redis is back.
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
  /** WeChat login QR codes asked for per client address (each one is a call to WeChat). */
  wechatCodePerClient: { points: 30, duration: 60 * MINUTE },
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
    const redis = sharedRedis();
    if (redis) found = new RateLimiterRedis({ ...options, keyPrefix: `${KEY_PREFIX}limit:${keyPrefix}`, storeClient: redis, rejectIfRedisNotReady: true });
    else found = cluster.isWorker ? new RateLimiterCluster({ ...options, timeoutMs: 3000 }) : new RateLimiterMemory(options);
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

/** How long a client is asked to wait while the counters' store cannot be asked (Retry-After). */
export const STORE_UNAVAILABLE_RETRY_SECONDS = 30;

/**
 * Whether the last call to the counters' store failed (Redis away): tooManyAttempts then says
 * why instead of "too many attempts". Cleared by the next call that succeeds.
 */
let storeFailing = false;

/** A store call that failed for another reason than a used-up limit (RateLimiterRes): Redis is away. */
function storeFailed(operation: string, error: unknown): void {
  if (!storeFailing) log("attempt_limits_unavailable", { operation, message: error instanceof Error ? error.message : String(error) });
  storeFailing = true;
}

function storeAnswered(): void {
  if (storeFailing) log("attempt_limits_available", {});
  storeFailing = false;
}

/** The client's address as server.ts resolved it (TRUST_PROXY aware); "unknown" outside a request. */
export function clientAddress(context: AppLoadContext): string {
  return context.scope?.clientAddress ?? "unknown";
}

/** A counted subject: which limit, and whose (an account name, a mobile, a client address). */
export type Subject = [LimitName, string];

/**
 * Seconds until every given subject may try again, or 0 when none of them is used up. While the
 * store cannot be asked: STORE_UNAVAILABLE_RETRY_SECONDS (fail closed).
 */
export async function blockedFor(subjects: Subject[]): Promise<number> {
  let states: (RateLimiterRes | null)[];
  try {
    states = await Promise.all(subjects.map(([name, key]) => limiter(name).get(normalise(key))));
  } catch (error) {
    storeFailed("get", error);
    return STORE_UNAVAILABLE_RETRY_SECONDS;
  }
  storeAnswered();
  let wait = 0;
  subjects.forEach(([name], index) => {
    const state = states[index];
    if (state && state.consumedPoints >= pointsOf(name)) wait = Math.max(wait, Math.ceil(state.msBeforeNext / 1000));
  });
  return wait;
}

/**
 * `blockedFor`, for a request the wait refuses: the answer says the wait in Retry-After, documents
 * included (Remix keeps no action headers on a document, so it goes through the request scope).
 */
export async function waitBeforeAttempt(context: AppLoadContext, subjects: Subject[]): Promise<number> {
  const wait = await blockedFor(subjects);
  if (wait > 0) answerRetryAfter(context, wait);
  return wait;
}

/**
 * Counts one attempt (a failure, or a send) against every subject. An attempt the store could not
 * count is not lost silently: the store is away, so the next blockedFor refuses.
 */
export async function count(subjects: Subject[]): Promise<void> {
  await Promise.all(
    subjects.map(([name, key]) =>
      limiter(name)
        .consume(normalise(key))
        .then(storeAnswered, (error: unknown) => {
          if (error instanceof RateLimiterRes) return storeAnswered(); // used up: blockedFor reports it next time
          storeFailed("consume", error);
        }),
    ),
  );
}

/**
 * Takes a subject's one point for a one-time key (a limit of 1): true the first time, false for
 * every repeat in its window, whichever worker or instance it reaches. While the store cannot be
 * asked nothing is claimed: a 503 with a translated message is thrown (fail closed).
 */
export async function claim([name, key]: Subject): Promise<boolean> {
  try {
    await limiter(name).consume(normalise(key));
    storeAnswered();
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      storeAnswered();
      return false;
    }
    storeFailed("consume", error);
    throw limitsUnavailableResponse();
  }
}

/** The answer when a one-time claim cannot be checked: the error page's 503, asking to try again shortly. */
function limitsUnavailableResponse(): Response {
  return new Response("attempt limits unavailable", { status: 503, headers: { "Retry-After": String(STORE_UNAVAILABLE_RETRY_SECONDS) } });
}

/** How many attempts a subject has used in its window (the store away: throws). */
export async function used([name, key]: Subject): Promise<number> {
  return (await limiter(name).get(normalise(key)))?.consumedPoints ?? 0;
}

/**
 * Whether the password form needs a captcha: a subject has failed CAPTCHA_AFTER_FAILURES times
 * (per client: scaled as its limit). While the store cannot be asked: yes (fail closed).
 */
export async function needsCaptcha(subjects: Subject[]): Promise<boolean> {
  let counts: number[];
  try {
    counts = await Promise.all(subjects.map(used));
  } catch (error) {
    storeFailed("get", error);
    return true;
  }
  storeAnswered();
  return subjects.some(([name], index) => counts[index] >= CAPTCHA_AFTER_FAILURES * (pointsOf(name) / LIMITS[name].points));
}

/** A successful sign-in forgets the account's failures (not the client address's); the store away, they wait out their window. */
export async function forget(subjects: Subject[]): Promise<void> {
  await Promise.all(
    subjects.map(([name, key]) =>
      limiter(name)
        .delete(normalise(key))
        .then(storeAnswered, (error: unknown) => storeFailed("delete", error)),
    ),
  );
}

function normalise(key: string): string {
  return key.trim().toLowerCase();
}

/**
 * The form message of a refusal: minutes rounded up; while the store cannot be asked (the last
 * call failed), that it cannot check attempts just now.
 */
export function tooManyAttempts(seconds: number): string {
  if (storeFailing) return "auth:errors.limitsUnavailable";
  return `auth:errors.tooManyAttempts|minutes=${Math.max(1, Math.ceil(seconds / 60))}`;
}

/** Forgets the limiters (tests switching between memory and Redis). */
export function resetLimiters(): void {
  limiters.clear();
  storeFailing = false;
}
