import { availableParallelism } from "node:os";
import { z } from "zod";

/** A URL with one of the given schemes (`.url()` alone takes "localhost:4100" as scheme "localhost:"). */
function urlWithScheme(scheme: RegExp, message: string) {
  return z
    .string()
    .url(message)
    .refine((value) => scheme.test(value), message);
}

/** Everything the BFF reads from the environment, parsed once at boot (server.ts). */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    UPSTREAM_URL: urlWithScheme(/^https?:\/\//i, "must be an http(s) URL such as http://127.0.0.1:4100").optional(),
    UPSTREAM_WS_URL: urlWithScheme(/^wss?:\/\//i, "must be a ws(s) URL such as ws://127.0.0.1:4100/chat").optional(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(60_000),
    SESSION_SECRET: z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((secret) => secret.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(16, "each secret needs at least 16 characters")).min(1))
      .optional(),
    COOKIE_SECURE: z.enum(["true", "false"]).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    SHOP_API_TEST_MODE: z.enum(["0", "1"]).default("0"),
    SHOP_CLOSED: z.enum(["0", "1"]).default("0"),
    LOG_LEVEL: z.enum(["silent", "info", "debug"]).default("info"),
    /**
     * How long each worker keeps the upstream's captcha switches (getCaptchaConfig). The e2e server
     * sets 1 ms, so a spec that flips a switch needs no wait for every worker to see it.
     */
    CAPTCHA_CONFIG_TTL_MS: z.coerce.number().int().min(1).max(60_000).default(3_000),
    /** Multiplies the per-client-address attempt limits of sign-in (offices behind one NAT address). */
    CLIENT_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
    /**
     * The chat socket relay's limits (docs/security.md "Chat socket limits"): open sockets per member,
     * per client address (scaled by CLIENT_LIMIT_FACTOR) and in all, per process; frames a member may
     * send per second; the largest frame; how long a socket may stay silent (the island pings every 1.5 s).
     */
    CHAT_SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(5),
    CHAT_SOCKETS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(50),
    CHAT_SOCKETS_TOTAL: z.coerce.number().int().min(1).max(100_000).default(2000),
    CHAT_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
    CHAT_MAX_FRAME_BYTES: z.coerce
      .number()
      .int()
      .min(64)
      .max(1024 * 1024)
      .default(1024),
    CHAT_IDLE_TIMEOUT_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(90_000),
    /** How many reverse proxies in front of us to believe (X-Forwarded-For/-Proto/-Host); 0 = none. */
    TRUST_PROXY: z
      .string()
      .regex(/^(\d{1,2}|true|false)$/, "must be a hop count such as 1, or false")
      .transform((value) => (value === "false" ? 0 : value === "true" ? 1 : Number(value)))
      .default("0"),
    /** How many worker processes `npm start` runs (node:cluster); default: one per core. Development runs one. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
    /** Port of the Prometheus metrics endpoint (GET /metrics), apart from PORT; unset = no metrics endpoint. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** How long a visitor's catalogue document is answered from memory (ADR 014); 0 = off. Production only. */
    VISITOR_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * The Redis that the instances of a deployment share (attempt limits, logged-out sign-ins, used
     * captchas, capability verdicts: ADR 052); unset = each machine keeps them in memory (ADR 008).
     */
    REDIS_URL: urlWithScheme(/^rediss?:\/\/[^/]/i, "must be a redis(s) URL such as redis://127.0.0.1:6379/0").optional(),
    /** s-maxage of a visitor's catalogue document for shared caches (nginx, a CDN; ADR 056); 0 = it stays private. Production only. */
    SHARED_CACHE_MAX_AGE: z.coerce.number().int().min(0).max(3600).default(5),
    /** stale-while-revalidate of those documents: how long a shared cache may answer with an expired copy while it fetches a new one. */
    SHARED_CACHE_STALE: z.coerce.number().int().min(0).max(86_400).default(30),
    /** The /media proxy's in-memory image cache per process, in MB (ADR 065); 0 = none. */
    MEDIA_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
    /** gzip in this process; 0 behind a proxy that compresses and forwards Accept-Encoding (ADR 057). */
    COMPRESSION: z.enum(["0", "1"]).default("1"),
    /** The shop's public origin (https://shop.example.com) for absolute URLs; unset → the request's own. */
    PUBLIC_ORIGIN: urlWithScheme(/^https?:\/\/[^/]+\/?$/i, "must be an origin such as https://shop.example.com")
      .transform((value) => new URL(value).origin)
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.UPSTREAM_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "is required in production with an external UPSTREAM_URL (comma-separated for rotation)",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Parses raw env; throws an Error whose message lists every bad variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "env"}: ${issue.message}`);
  throw new Error(`Invalid environment:\n${lines.join("\n")}`);
}

let cached: Env | undefined;

/**
 * The parsed environment for app code. server.ts fills in UPSTREAM_URL (embedded shop API) and
 * SESSION_SECRET (generated in development) before the first request, so they are always set here.
 */
export function env(): Env & { UPSTREAM_URL: string; SESSION_SECRET: string[] } {
  cached ??= parseEnv(process.env);
  if (!cached.UPSTREAM_URL || !cached.SESSION_SECRET) {
    throw new Error("UPSTREAM_URL and SESSION_SECRET must be resolved by server.ts before use");
  }
  return cached as Env & { UPSTREAM_URL: string; SESSION_SECRET: string[] };
}

/** For tests and server.ts: forget the cached env after process.env changed. */
export function resetEnvCache() {
  cached = undefined;
}
