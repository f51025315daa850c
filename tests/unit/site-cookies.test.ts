import { afterEach, describe, expect, test } from "vitest";
import { action as setLanguage } from "~/routes/set-lang";
import { rememberFloatLayerClosed } from "~/utils/float-layer.server";
import { closeTopAd } from "~/utils/top-ad.server";
import { pointBffAt } from "../support/bff-environment";

/**
 * The site's own cookies (language, top banner, float layer) are Secure exactly when the session
 * cookies are (COOKIE_SECURE, else a production deployment with an external upstream): issue 30
 * found the language and banner cookies without it beside Secure session cookies.
 */
let restore = () => {};
afterEach(() => restore());

async function siteCookies(): Promise<string[]> {
  const language = (await setLanguage({
    request: new Request("http://shop.test/set-lang", { method: "POST", headers: { Origin: "http://shop.test" }, body: new URLSearchParams({ lng: "en-us" }) }),
    params: {},
    context: {},
  })) as Response;
  return [
    language.headers.get("Set-Cookie") ?? "",
    ...(await closeTopAd(new Request("http://shop.test/"))),
    ...(await rememberFloatLayerClosed("2026-11-27", 1)),
  ];
}

describe("site cookies", () => {
  test("are Secure when the session cookies are", async () => {
    restore = pointBffAt("http://127.0.0.1:9", { COOKIE_SECURE: "true" });
    const cookies = await siteCookies();
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["lng", "top_ad_count", "top_ad_closed", "float_layer", "float_layer_visit"]);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure(;|$)/);
  });

  test("are not when the session cookies are not (plain-http development)", async () => {
    restore = pointBffAt("http://127.0.0.1:9", { COOKIE_SECURE: "false" });
    for (const cookie of await siteCookies()) expect(cookie).not.toMatch(/Secure/);
  });
});
