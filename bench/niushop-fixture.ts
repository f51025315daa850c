/**
 * What the benches on the real upstream share: the fixture `npm run niushop` writes (its upstream,
 * its PC client, members, seeded goods), the storefront's sign-in on it, and the storefront's
 * pages they open.
 */
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { readCaptchaCode } from "../scripts/niushop/admin-client";
import { signIn } from "./stack";
import type { PageName } from "./vs-niushop-report";

const Id = z.number().int().positive();
const SeededGoodsSchema = z.object({ goodsId: Id, skuIds: z.array(Id).min(1), name: z.string() });
/** The part of `npm run niushop`'s fixture (scripts/niushop/fixture.ts on its branch) the benches read. */
const FixtureSchema = z.object({
  upstreamUrl: z.string().url(),
  /** The unpacked upstream on this machine: its file cache holds the captchas' answers. */
  appDir: z.string(),
  pcClientUrl: z.string().url(),
  members: z.array(z.object({ username: z.string(), password: z.string() })).min(1),
  goods: z.object({ multiSku: SeededGoodsSchema, singleSku: SeededGoodsSchema }),
});
export type Fixture = z.infer<typeof FixtureSchema>;

export function readFixture(file: string): Fixture {
  if (!existsSync(file)) throw new Error(`no ${file}: run \`npm run niushop\` first, or set NIUSHOP_FIXTURE`);
  return FixtureSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** The storefront's addresses (under `base`; its paths when none) of the three pages the benches compare: the goods list, a goods page, the cart. */
export function storefrontUrls(fixture: Fixture, base = ""): Record<PageName, string> {
  return { list: `${base}/list`, goods: `${base}/sku-${fixture.goods.multiSku.skuIds[0]}`, cart: `${base}/cart` };
}

/**
 * Signs the member in through the storefront's login form, answering the captcha it shows when the
 * upstream asks for one (Niushop's default: 会员登录验证码 on) from the local upstream's file cache.
 * Returns the `__session` cookie's value.
 */
export async function signInToStorefront(storefront: string, member: { username: string; password: string }, appDir: string): Promise<string> {
  const loginPage = await (await fetch(`${storefront}/login`)).text();
  const captchaId = /name="captcha_id" value="([^"]+)"/.exec(loginPage)?.[1];
  let cookies: string;
  if (!captchaId) cookies = await signIn(storefront, member);
  else {
    const answer = readCaptchaCode(appDir, captchaId);
    if (answer === null) throw new Error(`the login form asks for a captcha and ${appDir} holds no answer: turn 会员登录验证码 off in the shop admin`);
    cookies = await signIn(storefront, member, { captcha_id: captchaId, captcha_code: answer });
  }
  const session = cookies.split("; ").find((pair) => pair.startsWith("__session="));
  if (!session) throw new Error("the storefront's sign-in set no __session cookie");
  return session.slice("__session=".length);
}
