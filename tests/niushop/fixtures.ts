import { test as base, expect, type Page } from "@playwright/test";
import { z } from "zod";
import type { RecordedCall } from "./calls";
import type { MemberAccount } from "./config";
import { suite } from "./state";
import { Upstream } from "./upstream";

/**
 * Every conformance journey imports `test` from here. Besides the page, a journey gets:
 * - `member`: its project's member (js and no-js have one each, so money never moves for one
 *   member in two journeys at once);
 * - `upstream`: the real upstream, called directly, to read its records after a journey;
 * - `calls`: the journey's upstream calls as the recording proxy saw them. A journey declares the
 *   refusals it expects (`calls.expectRefusal`); at its end, any other refusal, any fault (an answer
 *   the BFF could not read: no envelope, a shape its schema refused) and any 5xx answer of the BFF
 *   fails it, with the path, member, code and message of each.
 */

export type RefusalExpectation = { path: string; code?: number; message?: string | RegExp };

const BFF_LOG_SETTLE_MS = 300;

const CallsAnswerSchema = z.object({
  calls: z.array(
    z.object({
      seq: z.number(),
      at: z.number(),
      ms: z.number(),
      path: z.string(),
      member: z.string().nullable(),
      outcome: z.enum(["success", "expected refusal", "unexpected refusal", "missing endpoint", "fault"]),
      code: z.number().optional(),
      message: z.string().optional(),
      detail: z.string().optional(),
      bffDetail: z.string().optional(),
    }),
  ),
});

async function recorder<T extends z.ZodTypeAny>(path: string, schema: T, init?: RequestInit): Promise<z.output<T>> {
  const response = await fetch(new URL(path, suite().recorderUrl), init);
  if (!response.ok) throw new Error(`recorder ${path}: HTTP ${response.status}`);
  return schema.parse(await response.json());
}

export class CallWatch {
  readonly members = new Set<string>();
  private readonly expected: RefusalExpectation[] = [];

  constructor(
    member: string,
    readonly since: number,
  ) {
    this.members.add(member);
  }

  /** A member this journey acts for besides its project's (one it registered). */
  own(username: string) {
    this.members.add(username);
  }

  /** A refusal this step expects (a wrong pay password, a repeated sign-in…): it is not a finding. */
  expectRefusal(expectation: RefusalExpectation) {
    this.expected.push(expectation);
  }

  matches(call: RecordedCall): boolean {
    return this.expected.some(
      (expectation) =>
        expectation.path.toLowerCase() === call.path.toLowerCase() &&
        (expectation.code === undefined || expectation.code === call.code) &&
        (expectation.message === undefined ||
          (typeof expectation.message === "string" ? call.message === expectation.message : expectation.message.test(call.message ?? ""))),
    );
  }

  /** The calls made for this journey's members, and the tokenless ones (the catalogue, shared layout data). */
  async calls(): Promise<RecordedCall[]> {
    const answer = await recorder(`/__suite/calls?since=${this.since}`, CallsAnswerSchema);
    return answer.calls.filter((call) => call.member === null || this.members.has(call.member));
  }
}

function describeCall(call: RecordedCall): string {
  const who = call.member ? ` for ${call.member}` : "";
  if (call.outcome === "fault") return `${call.path}${who}: ${call.bffDetail ?? call.detail ?? "fault"}`;
  return `${call.path}${who}: code ${call.code} ${call.message ?? ""}`.trim();
}

// Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
/* eslint-disable no-empty-pattern */
export const test = base.extend<{ member: MemberAccount; upstream: Upstream; calls: CallWatch }>({
  member: async ({}, use, testInfo) => {
    const project = testInfo.project.name === "no-js" ? "no-js" : "js";
    await use(suite().members[project]);
  },

  upstream: async ({}, use) => {
    await use(new Upstream(suite().upstreamUrl));
  },
  /* eslint-enable no-empty-pattern */

  calls: [
    async ({ member }, use, testInfo) => {
      const { seq } = await recorder("/__suite/seq", z.object({ seq: z.number() }));
      const watch = new CallWatch(member.username, seq);
      await use(watch);
      await new Promise((resolve) => setTimeout(resolve, BFF_LOG_SETTLE_MS));
      const calls = await watch.calls();
      const expected = calls.filter((call) => call.outcome === "unexpected refusal" && watch.matches(call));
      if (expected.length > 0) {
        await recorder("/__suite/expected", z.object({ ok: z.boolean() }), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ seqs: expected.map((call) => call.seq) }),
        });
      }
      const findings = calls.filter((call) => (call.outcome === "unexpected refusal" && !watch.matches(call)) || call.outcome === "fault").map(describeCall);
      testInfo.annotations.push({ type: "upstream calls", description: String(calls.length) });
      expect(findings, "upstream calls: unexpected refusals and answers the BFF could not read").toEqual([]);
    },
    { auto: true },
  ],

  page: async ({ page }, use, testInfo) => {
    const bff = new URL(suite().bffUrl).origin;
    const bffErrors: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 500 && new URL(response.url()).origin === bff)
        bffErrors.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
    });
    const hydrationErrors: string[] = [];
    if (testInfo.project.use.javaScriptEnabled !== false) {
      page.on("pageerror", (error) => {
        if (/Minified React error #(418|419|422|423|425)|hydrat/i.test(error.message)) hydrationErrors.push(`${page.url()}: ${error.message}`);
      });
    }
    await use(page);
    expect(bffErrors, "5xx answers of the BFF").toEqual([]);
    expect(hydrationErrors, "hydration errors").toEqual([]);
  },
});

export { expect };

/** Whether this journey runs with JavaScript (the "js" project) or without ("no-js"). */
export function withJs(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** With JS, waits until React has hydrated (root sets `data-hydrated`); without JS there is nothing to wait for. */
export async function waitForHydration(page: Page) {
  if (withJs()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
}

export async function gotoSettled(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}
