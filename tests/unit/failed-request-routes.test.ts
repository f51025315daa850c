import { beforeEach, describe, expect, test } from "vitest";
import { loader as memberLayoutLoader } from "~/routes/_main.member";
import { loader as pointLoader } from "~/routes/_main.point.$id";
import { loader as rootLoader } from "~/root";
import { newRequestScope } from "~/utils/request-scope.server";
import { useFakeUpstream } from "../support/bff-environment";

/** Routes that must not ask the upstream (issue 30 item 5), against a fake upstream that records every call. */
const fake = useFakeUpstream();
beforeEach(() => fake.upstream.reset());

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a thrown response");
}

describe("/point/{id}", () => {
  test.each(["0", "00", "007", "-1", "1e3"])("/point/%s is a 404 without asking the upstream (0 was its 'missing id' refusal: a 502)", async (id) => {
    const answer = await thrown(pointLoader({ request: new Request(`http://shop.test/point/${id}`), params: { id }, context: {} }));
    expect((answer as Response).status).toBe(404);
    expect(fake.upstream.requests).toEqual([]);
  });
});

describe("after the upstream timed out in this request (a form post's action)", () => {
  test("the root and member layouts render the error page without asking again (a failed post waited twice the time-out)", async () => {
    const scope = newRequestScope("10.0.0.1");
    scope.upstreamFailure.status = 504;
    const request = new Request("http://shop.test/member/info", { method: "POST" });
    const root = (await rootLoader({ request, params: {}, context: { scope } })) as unknown as { data: { layout: unknown; member: unknown } };
    expect(root.data).toMatchObject({ layout: null, member: null });
    const menu = await memberLayoutLoader({ request, params: {}, context: { scope } });
    expect(menu.absentFeatures.length).toBeGreaterThan(0);
    expect(fake.upstream.requests).toEqual([]);
  });
});
