import { describe, expect, test } from "vitest";
import { crossSiteRefusal, requestOrigin } from "~/utils/same-origin.server";

const OWN = "http://shop.test:3000";

describe("crossSiteRefusal", () => {
  test.each([
    [{ origin: OWN }, null],
    [{ origin: "http://shop.test:3000", secFetchSite: "cross-site" }, null], // the Origin decides when it is real
    [{ origin: "https://shop.test:3000" }, "cross-site"], // another scheme
    [{ origin: "http://shop.test:3001" }, "cross-site"], // another port
    [{ origin: "http://evil.test" }, "cross-site"],
    [{ origin: "http://shop.test.evil.test:3000" }, "cross-site"],
    [{ origin: "not a url" }, "malformed-origin"],
    [{ origin: "" }, "malformed-origin"],
    [{ origin: "http://shop.test:3000, http://evil.test" }, "malformed-origin"],
    [{ origin: "http://" }, "malformed-origin"],
    [{ origin: "javascript:alert(1)" }, "malformed-origin"],
    [{ origin: "null", secFetchSite: "same-origin" }, null],
    [{ origin: "null", secFetchSite: "cross-site" }, "cross-site"],
    [{ origin: "null" }, "cross-site"],
    [{ secFetchSite: "same-site" }, "cross-site"],
    [{ secFetchSite: "none" }, null],
    [{ referer: "http://shop.test:3000/login" }, null],
    [{ referer: "http://evil.test/login" }, "cross-site"],
    [{ referer: "::::" }, "cross-site"],
    [{}, null],
  ] as const)("%j → %s", (headers, expected) => {
    expect(crossSiteRefusal(headers, OWN)).toBe(expected);
  });
});

describe("requestOrigin mirrors the Remix Express adapter", () => {
  const req = (protocol: string, hostname: string, headers: Record<string, string>) => ({
    protocol,
    hostname,
    get: (name: string) => headers[name.toLowerCase()],
  });

  test("host with and without a port", () => {
    expect(requestOrigin(req("http", "shop.test", { host: "shop.test:3000" }))).toBe("http://shop.test:3000");
    expect(requestOrigin(req("https", "shop.test", { host: "shop.test" }))).toBe("https://shop.test");
  });

  test("the port of X-Forwarded-Host wins, as in the adapter", () => {
    expect(requestOrigin(req("http", "shop.test", { host: "shop.test:3000", "x-forwarded-host": "shop.test:8443" }))).toBe("http://shop.test:8443");
  });
});
