import { existsSync } from "node:fs";
import { z } from "zod";
import { readNiushopFixture, type NiushopFixture } from "../../scripts/niushop/fixture";

/**
 * The suite's settings, from the environment (docs/testing.md "Conformance suite"):
 * - UPSTREAM_URL: a Niushop to test against (an operator's staging); without it the suite brings up
 *   the local one with `npm run niushop` and reads its fixture.
 * - NIUSHOP_MEMBERS: two (or more) member accounts, `username:password:paypassword,…` (each part
 *   URL-decoded, so `%3A` is a colon); without it, the fixture's members.
 * - NIUSHOP_ADMIN: `username:password` of the shop admin, for the admin steps (shipping); without it
 *   (and without a fixture) those steps are skipped, and the run says so.
 * - NIUSHOP_FIXTURE: the fixture `npm run niushop` writes (default data/niushop/fixture.json): ids to
 *   fall back on when the upstream's API does not name them.
 * - NIUSHOP_BFF_PORT (3130), NIUSHOP_RECORDER_PORT (4130): the BFF's port and the recording proxy's.
 */

export type MemberAccount = { username: string; password: string; payPassword: string };
export type AdminAccount = { username: string; password: string };

const PortSchema = z.coerce.number().int().min(1).max(65_535);

const MemberListSchema = z
  .string()
  .transform((value, ctx) => {
    const members = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => entry.split(":").map((part) => decodeURIComponent(part)));
    if (members.some((parts) => parts.length !== 3 || parts.some((part) => part === ""))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "each member is username:password:paypassword" });
      return z.NEVER;
    }
    return members.map(([username, password, payPassword]) => ({ username, password, payPassword }));
  })
  .refine((members) => members.length >= 2, "two members are needed: one per project (js, no-js)");

const AdminSchema = z.string().transform((value, ctx) => {
  const [username, ...rest] = value.split(":");
  const password = rest.join(":");
  if (!username || !password) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "is username:password" });
    return z.NEVER;
  }
  return { username: decodeURIComponent(username), password: decodeURIComponent(password) };
});

const EnvSchema = z.object({
  UPSTREAM_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url), "must be an http(s) URL")
    .optional(),
  NIUSHOP_MEMBERS: MemberListSchema.optional(),
  NIUSHOP_ADMIN: AdminSchema.optional(),
  NIUSHOP_FIXTURE: z.string().default("data/niushop/fixture.json"),
  NIUSHOP_BFF_PORT: PortSchema.default(3130),
  NIUSHOP_RECORDER_PORT: PortSchema.default(4130),
});

/** The fixture `npm run niushop` writes (scripts/niushop/fixture.ts), when it describes this run's upstream. */
export function readFixture(path: string): NiushopFixture | null {
  return existsSync(path) ? readNiushopFixture(path) : null;
}

export type SuiteEnv = z.infer<typeof EnvSchema>;

export function readSuiteEnv(env: Record<string, string | undefined> = process.env): SuiteEnv {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`test:niushop settings: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
  }
  return parsed.data;
}

/** The members and admin the run uses: the operator's when given, else the fixture's. */
export function accountsOf(env: SuiteEnv, fixture: NiushopFixture | null): { members: MemberAccount[]; admin: AdminAccount | null } {
  const members = env.NIUSHOP_MEMBERS ?? (fixture?.members ?? []).map(({ username, password, payPassword }) => ({ username, password, payPassword }));
  if (members.length < 2) throw new Error("test:niushop needs two member accounts: set NIUSHOP_MEMBERS=user:password:paypassword,user2:password:paypassword");
  return { members, admin: env.NIUSHOP_ADMIN ?? fixture?.admin ?? null };
}
