import { beforeEach, describe, expect, test } from "vitest";
import { action } from "~/routes/_auth.login/route";
import { invalidate } from "~/utils/cache.server";
import { useFakeUpstream } from "../support/bff-environment";
import { envelope } from "../support/fake-upstream";

/**
 * The login action against a fake upstream, for the captcha switch seen by one worker and not yet
 * by another: the form that carries the upstream's captcha must send it, whatever this worker's
 * cached switch says.
 */

const fake = useFakeUpstream();

/** The upstream's login: it wants the captcha it handed out, like Niushop with the switch on. */
function shop(captchaOn: boolean) {
  fake.upstream.on("/api/config/getCaptchaConfig", {
    body: envelope(0, "操作成功", { shop_login: 0, shop_reception_login: captchaOn ? 1 : 0, shop_reception_register: 0 }),
  });
  fake.upstream.on("/api/login/login", (body) =>
    body.captcha_id === "up-7" && body.captcha_code === "ab12"
      ? { body: envelope(0, "登录成功", { token: "member-token" }) }
      : { body: envelope(-1, "缺少参数captcha_id") },
  );
  fake.upstream.on("/api/captcha/captcha", { body: envelope(0, "操作成功", { id: "up-8", img: "data:image/png;base64,AAAA" }) });
}

beforeEach(() => {
  fake.upstream.reset();
  invalidate("auth:");
});

const post = (form: Record<string, string>) =>
  action({
    request: new Request("http://shop.test/login", {
      method: "POST",
      headers: { Origin: "http://shop.test" },
      body: new URLSearchParams({ intent: "password-login", username: "demo", password: "secret-1", ...form }),
    }),
    params: {},
    context: {},
  });

const loginBodies = () => fake.upstream.requests.filter((request) => request.path === "/api/login/login").map((request) => request.body);

describe("the upstream's captcha on the form", () => {
  test("is sent and signs in although this worker still holds the switch as off", async () => {
    shop(false);
    await post({ username: "warm-up" }); // this worker reads the switch as off and keeps it for 3 s
    shop(true);
    const response = await post({ captcha_id: "up-7", captcha_code: "ab12" });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(303);
    expect((response as Response).headers.get("Location")).toBe("/member/index");
    expect(loginBodies().at(-1)).toMatchObject({ captcha_id: "up-7", captcha_code: "ab12" });
  });

  test("is not sent when the form carries no captcha and the switch is off", async () => {
    shop(false);
    await post({ username: "no-captcha" });
    expect(loginBodies()).toHaveLength(1);
    expect(loginBodies()[0]).not.toHaveProperty("captcha_id");
  });

  test("the BFF's own captcha never goes to the upstream", async () => {
    shop(false);
    await post({ username: "own-captcha", captcha_id: "bff.whatever", captcha_code: "ab12" });
    expect(loginBodies()).toHaveLength(1);
    expect(loginBodies()[0]).not.toHaveProperty("captcha_id");
  });
});
