import { beforeEach, describe, expect, test } from "vitest";
import { action } from "~/routes/_auth.register/route";
import { honeypotInputProps } from "~/utils/honeypot.server";
import { useFakeUpstream } from "../support/bff-environment";

/**
 * The registration form's honeypot (docs/security.md "bots on registration"): a bot's post is a
 * 400 before anything is asked of the upstream; the same post with the trap left empty goes on.
 * Without `checkHoneypot` in the action the first test fails (issue 30: it could be removed and
 * no test noticed).
 */
const fake = useFakeUpstream();
beforeEach(() => fake.upstream.reset());

function registration(trap: Record<string, string>) {
  const body = new URLSearchParams({
    intent: "register-username",
    username: "honeybot",
    password: "secret-123456",
    confirm_password: "secret-123456",
    ...trap,
  });
  return new Request("http://shop.test/register", { method: "POST", headers: { Origin: "http://shop.test" }, body });
}

async function answerOf(request: Request): Promise<Response | unknown> {
  try {
    return await action({ request, params: {}, context: {} });
  } catch (thrown) {
    return thrown;
  }
}

describe("the registration honeypot", () => {
  test.each([
    [
      "the trap filled in",
      (props: ReturnType<typeof honeypotInputProps>) => ({
        [props.nameFieldName]: "http://spam.example",
        [props.validFromFieldName!]: props.encryptedValidFrom,
      }),
    ],
    ["the trap missing", (props: ReturnType<typeof honeypotInputProps>) => ({ [props.validFromFieldName!]: props.encryptedValidFrom })],
    ["the time stamp forged", (props: ReturnType<typeof honeypotInputProps>) => ({ [props.nameFieldName]: "", [props.validFromFieldName!]: "garbage" })],
  ])("%s: 400, and the upstream is never asked", async (_case, trap) => {
    const answer = await answerOf(registration(trap(honeypotInputProps())));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(400);
    expect(fake.upstream.requests).toEqual([]);
  });

  test("the trap left empty, as a person leaves it: the registration goes on to the upstream", async () => {
    const props = honeypotInputProps();
    await answerOf(registration({ [props.nameFieldName]: "", [props.validFromFieldName!]: props.encryptedValidFrom }));
    expect(fake.upstream.requests.length).toBeGreaterThan(0);
  });
});
