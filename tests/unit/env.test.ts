import { availableParallelism } from "node:os";
import { afterEach, describe, expect, test } from "vitest";
import { env, parseEnv, resetEnvCache } from "~/utils/env.server";

const SECRET = "0123456789abcdef0123";

describe("parseEnv", () => {
  test("defaults", () => {
    const parsed = parseEnv({});
    expect(parsed.PORT).toBe(3000);
    expect(parsed.UPSTREAM_TIMEOUT_MS).toBe(60_000);
    expect(parsed.NODE_ENV).toBe("development");
    expect(parsed.HOST).toBe("0.0.0.0");
    expect(parsed.LOG_LEVEL).toBe("info");
    expect(parsed.UPSTREAM_URL).toBeUndefined();
    expect(parsed.SESSION_SECRET).toBeUndefined();
  });

  test("numbers arrive as strings", () => {
    const parsed = parseEnv({ PORT: "8080", UPSTREAM_TIMEOUT_MS: "1500" });
    expect(parsed.PORT).toBe(8080);
    expect(parsed.UPSTREAM_TIMEOUT_MS).toBe(1500);
  });

  test.each(["abc", "70000", "-1", "80.5"])("PORT=%j is a clear error naming the variable", (port) => {
    expect(() => parseEnv({ PORT: port })).toThrow(/Invalid environment:\n\s+PORT: /);
  });

  test("a bad timeout is refused", () => {
    expect(() => parseEnv({ UPSTREAM_TIMEOUT_MS: "0" })).toThrow(/UPSTREAM_TIMEOUT_MS/);
  });

  test.each(["shop-api:4100", "localhost:4100", "ftp://shop.example", "not a url", "//shop.example"])("UPSTREAM_URL=%j is refused with a hint", (url) => {
    expect(() => parseEnv({ UPSTREAM_URL: url })).toThrow(/UPSTREAM_URL: must be an http\(s\) URL/);
  });

  test("http(s) upstream URLs and ws(s) socket URLs are accepted", () => {
    const parsed = parseEnv({ UPSTREAM_URL: "https://api.shop.example/base", UPSTREAM_WS_URL: "wss://api.shop.example/chat" });
    expect(parsed.UPSTREAM_URL).toBe("https://api.shop.example/base");
    expect(parsed.UPSTREAM_WS_URL).toBe("wss://api.shop.example/chat");
    expect(() => parseEnv({ UPSTREAM_WS_URL: "http://api.shop.example/chat" })).toThrow(/UPSTREAM_WS_URL: must be a ws\(s\) URL/);
  });

  test("REDIS_URL: unset is memory mode; redis(s) URLs are taken; anything else is refused with a hint", () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "redis://:pass@redis.internal:6379/0" }).REDIS_URL).toBe("redis://:pass@redis.internal:6379/0");
    expect(parseEnv({ REDIS_URL: "rediss://cache.example.com:6380" }).REDIS_URL).toBe("rediss://cache.example.com:6380");
    for (const bad of ["redis.internal:6379", "http://redis.internal", "redis:///0", "not a url"]) {
      expect(() => parseEnv({ REDIS_URL: bad })).toThrow(/REDIS_URL: must be a redis\(s\) URL/);
    }
  });

  test("every bad variable is listed at once", () => {
    try {
      parseEnv({ PORT: "x", LOG_LEVEL: "loud" });
      expect.unreachable("parseEnv should throw");
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/LOG_LEVEL/);
    }
  });

  test("SESSION_SECRET is a comma-separated list (trimmed, empties dropped)", () => {
    const other = "fedcba9876543210fedcba";
    expect(parseEnv({ SESSION_SECRET: ` ${SECRET} ,, ${other},` }).SESSION_SECRET).toEqual([SECRET, other]);
  });

  test("a short secret is an error", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET.*at least 16 characters/);
    expect(() => parseEnv({ SESSION_SECRET: `${SECRET},short` })).toThrow(/at least 16 characters/);
  });

  test("a secret list with nothing in it is an error", () => {
    expect(() => parseEnv({ SESSION_SECRET: " , " })).toThrow(/SESSION_SECRET/);
  });

  test("production with an external UPSTREAM_URL needs SESSION_SECRET", () => {
    expect(() => parseEnv({ NODE_ENV: "production", UPSTREAM_URL: "https://api.shop.example" })).toThrow(/SESSION_SECRET: is required in production/);
    expect(parseEnv({ NODE_ENV: "production", UPSTREAM_URL: "https://api.shop.example", SESSION_SECRET: SECRET }).SESSION_SECRET).toEqual([SECRET]);
  });

  test("production without UPSTREAM_URL (embedded shop API) may generate its secret", () => {
    expect(parseEnv({ NODE_ENV: "production" }).NODE_ENV).toBe("production");
  });
});

describe("env()", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  test("reads process.env once, until resetEnvCache()", () => {
    process.env.UPSTREAM_URL = "http://127.0.0.1:4100";
    process.env.SESSION_SECRET = SECRET;
    process.env.PORT = "4000";
    resetEnvCache();
    expect(env().PORT).toBe(4000);
    process.env.PORT = "5000";
    expect(env().PORT).toBe(4000);
    resetEnvCache();
    expect(env().PORT).toBe(5000);
  });

  test("refuses to run before UPSTREAM_URL and SESSION_SECRET are resolved", () => {
    delete process.env.UPSTREAM_URL;
    process.env.SESSION_SECRET = SECRET;
    resetEnvCache();
    expect(() => env()).toThrow(/UPSTREAM_URL and SESSION_SECRET/);
  });
});

describe("proxy trust and public origin", () => {
  test("TRUST_PROXY is off by default and takes a hop count", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
  });

  test.each(["yes", "-1", "10.0.0.0/8", "1.5"])("TRUST_PROXY=%j is refused", (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  test("PUBLIC_ORIGIN is an origin", () => {
    expect(parseEnv({ PUBLIC_ORIGIN: "https://shop.example.com/" }).PUBLIC_ORIGIN).toBe("https://shop.example.com");
    expect(() => parseEnv({ PUBLIC_ORIGIN: "https://shop.example.com/path" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parseEnv({ PUBLIC_ORIGIN: "shop.example.com" })).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe("worker processes", () => {
  test("WEB_CONCURRENCY defaults to the cores and takes a count", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(parseEnv({ WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
  });

  test.each(["0", "two", "1.5", "65"])("WEB_CONCURRENCY=%j is refused", (value) => {
    expect(() => parseEnv({ WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY/);
  });
});

describe("chat socket limits", () => {
  test("default to the numbers docs/security.md lists and take others", () => {
    expect(parseEnv({})).toMatchObject({
      CHAT_SOCKETS_PER_MEMBER: 5,
      CHAT_SOCKETS_PER_CLIENT: 50,
      CHAT_SOCKETS_TOTAL: 2000,
      CHAT_MESSAGES_PER_SECOND: 10,
      CHAT_MAX_FRAME_BYTES: 1024,
      CHAT_IDLE_TIMEOUT_MS: 90_000,
    });
    expect(parseEnv({ CHAT_SOCKETS_PER_MEMBER: "2", CHAT_IDLE_TIMEOUT_MS: "30000" })).toMatchObject({
      CHAT_SOCKETS_PER_MEMBER: 2,
      CHAT_IDLE_TIMEOUT_MS: 30_000,
    });
  });

  test.each([
    ["CHAT_SOCKETS_PER_MEMBER", "0"],
    ["CHAT_SOCKETS_TOTAL", "many"],
    ["CHAT_MESSAGES_PER_SECOND", "1.5"],
    ["CHAT_MAX_FRAME_BYTES", "10"],
    ["CHAT_IDLE_TIMEOUT_MS", "100"],
  ])("%s=%j is refused", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe("shared caches and compression (ADR 056, 057)", () => {
  test("visitors' documents are kept 5 s by shared caches, served stale 30 s more; the process compresses", () => {
    const parsed = parseEnv({});
    expect(parsed.SHARED_CACHE_MAX_AGE).toBe(5);
    expect(parsed.SHARED_CACHE_STALE).toBe(30);
    expect(parsed.COMPRESSION).toBe("1");
    expect(parseEnv({ SHARED_CACHE_MAX_AGE: "0", SHARED_CACHE_STALE: "600", COMPRESSION: "0" })).toMatchObject({
      SHARED_CACHE_MAX_AGE: 0,
      SHARED_CACHE_STALE: 600,
      COMPRESSION: "0",
    });
  });

  test.each([
    ["SHARED_CACHE_MAX_AGE", "-1"],
    ["SHARED_CACHE_MAX_AGE", "5s"],
    ["SHARED_CACHE_MAX_AGE", "3601"],
    ["SHARED_CACHE_STALE", "1.5"],
    ["COMPRESSION", "off"],
    ["COMPRESSION", "true"],
  ])("%s=%j is refused, naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});
