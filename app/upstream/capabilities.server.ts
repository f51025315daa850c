import { z } from "zod/v4";
import { log } from "~/utils/log.server";
import { broadcastToSiblings, onSiblingBroadcast } from "~/utils/cluster.server";
import { KEY_PREFIX, sharedRedis } from "~/utils/shared-store.server";
import { sharedContext } from "./context.server";
import { callUpstream, EndpointMissingError, ShopClosedError, UpstreamError } from "./http.server";
import { Ignored } from "./schemas/common";

/**
 * Optional features of the upstream (ADR 009). A stock Niushop lacks some endpoints the app calls
 * (addons, B2B additions) and answers them like an unknown route (EndpointMissingError). Each such
 * feature is a capability, named after what the UI needs; `path` is the endpoint that tells
 * whether it is there (called token-free by probeCapability).
 */
export const CAPABILITIES = {
  /** Linked accounts and the account switch (top bar, /switch-account). */
  multiaccount: { path: "/multiaccount/api/MultiAccount/lists" },
  /** The member's sale-control lists (/sacontrol, /cacontrelist). */
  salecontrol: { path: "/salecontrol/api/salecontrol/saleControlList" },
  /**
   * Combos (组合套餐, the bundling addon's Bundling and Ordercreate controllers): the goods page's
   * combos and badge, /promotion/combo-{id} and its checkout /promotion/combo_payment.
   */
  combos: { path: "/bundling/api/bundling/detail" },
  /** Combo lines in the cart (add a combo to the cart, its lines on /cart): absent from Niushop 5.5.2's bundling addon. */
  comboCart: { path: "/bundling/api/cart/lists" },
  /** Footer certificates and platform links. */
  footer: { path: "/pc/api/pc/footerList" },
  /** PC display switches (home category menu expanded). */
  moreConfig: { path: "/pc/api/pc/moreConfig" },
  /** Business type (member label) choice at registration. */
  registerLabels: { path: "/api/register/labellist" },
  /** Qualifications (aptitudes) listed at registration. */
  aptitudes: { path: "/api/register/getAptitude" },
  /** The member's qualification documents (/member/qualification, sign-up images): docs/qualifications.md. */
  qualifications: { path: "/api/qualification/getQualificationConfig" },
  /** The shop's own licences shown to buyers (/member/certiys). */
  certificates: { path: "/api/qualification/shopCertiys" },
  /** The registration reward shown at registration. */
  registerReward: { path: "/memberregister/api/Config/Config" },
  /** The mini-program QR code in the header/footer. */
  weappQrcode: { path: "weapp/api/weapp/qrcode" },
  /** Goods names suggested while typing in the header search. */
  searchSuggestions: { path: "/api/goodssku/searchGoodsByKeyWord" },
  /** Seckill (限时秒杀) zone, detail and checkout (/promotion/seckill*). */
  seckill: { path: "/seckill/api/seckill/lists" },
  /** Group buy (团购) list, detail and checkout (/promotion/groupbuy*). */
  groupbuy: { path: "/groupbuy/api/goods/page" },
  /** Points mall (积分商城): /point, /point/{id}, /point/payment. */
  pointexchange: { path: "/pointexchange/api/goods/page" },
  /** Topics (专题活动): /promotion/topic*, the /activity section. */
  topic: { path: "/topic/api/topic/page" },
  /** Time-limited discount goods: the /activity section. */
  discount: { path: "/discount/api/discount/lists" },
  /** The list of running spend-and-save rules (our addition to the API): the /activity section. */
  manjian: { path: "/manjian/api/manjian/lists" },
  /** Offline transfer with a voucher image at the cashier. */
  offlinepay: { path: "/offlinepay/api/pay/config" },
  /** Complaints about a refund (/member/complain): our addition to the API, absent from Niushop (docs/after-sales-api.md). */
  complaints: { path: "/api/ordercomplain/detail" },
  /** The customer-service chat (servicer addon): the /chat page, the island and its socket. */
  chat: { path: "/servicer/api/chat/keyword" },
  /** Member recharge (packages, recharge orders paid at the cashier): /member/recharge_*. */
  recharge: { path: "/memberrecharge/api/memberrecharge/config" },
  /**
   * One recharge order on its own (/member/recharge_detail and the list's links to it): Niushop
   * 5.5.2's memberrecharge has no order detail, which must not switch recharge itself off.
   */
  rechargeOrderDetail: { path: "/memberrecharge/api/order/detail" },
  /** Staff addon: the stock-out log (/member/out_of_stock) and the salesman's team (/member/index). */
  staff: { path: "/staff/api/salesman/stockoutLog" },
  /** Daily sign-in with points and growth (/member/signin). */
  signin: { path: "/api/membersignin/getsignstatus" },
  /** Binding an email on /member/security (checkemail, bingemailcode, modifyemail): Niushop 5.5.2 has none of the three. */
  email: { path: "/api/member/checkemail" },
  /**
   * The B2B registration addition, which stores what the spec's register form asks beyond username
   * and password (business type, contact name, region and address, referrer, invitation code):
   * Niushop 5.5.2 saves none of it. It has no endpoint of its own; its business-type list is the
   * sign of it (the same endpoint as registerLabels).
   */
  registerExtras: { path: "/api/register/labellist" },
  /**
   * WeChat QR login (ADR 062): the wechat addon's login code. Never probed (each call asks WeChat
   * for a QR code); learnt from the login code's own call, and a refusal hides it too
   * (capabilityRefused): a Niushop without an official account answers -1 there.
   */
  wechatLogin: { path: "/wechat/api/wechat/logincode" },
} as const satisfies Record<string, { path: string }>;

export type Capability = keyof typeof CAPABILITIES;

/** How long an answer about a capability is trusted before the endpoint is asked again. */
export const CAPABILITY_TTL_MS = 10 * 60_000;

/** The capability is absent upstream (requireCapability): the feature does not exist here. */
export class CapabilityAbsentError extends Error {
  constructor(readonly capability: Capability) {
    super(`the upstream has no ${capability}`);
    this.name = "CapabilityAbsentError";
  }
}

/**
 * With REDIS_URL the verdicts live in the shared Redis (ADR 052), so what one instance learnt
 * every other knows; each process keeps what it read for this long before asking Redis again.
 */
const LOCAL_VERDICT_MS = 10_000;

// What is known, per capability: bounded by construction (one entry per name of CAPABILITIES).
type Known = { present: boolean; until: number };
const known = new Map<Capability, Known>();
/** Capabilities whose absence was logged; logged again only after they came back. */
const announced = new Set<Capability>();
const probing = new Map<Capability, Promise<boolean>>();

/** A sibling worker's verdict (ADR 009): a page one worker answered without a feature hides it on all. */
const VERDICT_TOPIC = "capability-verdict";
const SiblingVerdictSchema = z.object({ name: z.string(), present: z.boolean(), until: z.number() });
onSiblingBroadcast(VERDICT_TOPIC, (payload) => {
  const verdict = SiblingVerdictSchema.safeParse(payload);
  if (!verdict.success || !(verdict.data.name in CAPABILITIES)) return;
  known.set(verdict.data.name as Capability, { present: verdict.data.present, until: verdict.data.until });
});

function current(name: Capability): Known | undefined {
  const entry = known.get(name);
  if (entry && entry.until > Date.now()) return entry;
  if (entry) known.delete(name);
  return undefined;
}

const verdictKey = (name: Capability) => `${KEY_PREFIX}capability:${name}`;
const SharedVerdictSchema = z.object({ present: z.boolean(), until: z.number() });

/**
 * What is known here, else (with REDIS_URL) what another instance learnt, kept here for
 * LOCAL_VERDICT_MS. Redis away or silent: unknown.
 */
async function verdict(name: Capability): Promise<Known | undefined> {
  const entry = current(name);
  const redis = sharedRedis();
  if (entry || !redis) return entry;
  try {
    const raw = await redis.get(verdictKey(name));
    const shared = raw === null ? null : SharedVerdictSchema.safeParse(JSON.parse(raw));
    if (!shared?.success || shared.data.until <= Date.now()) return undefined;
    const read = { present: shared.data.present, until: Math.min(shared.data.until, Date.now() + LOCAL_VERDICT_MS) };
    known.set(name, read);
    return read;
  } catch {
    return undefined; // a verdict is a saving, not a must: the feature's own call tells again
  }
}

/**
 * Records a verdict here and, when it is news (unknown or changed), for the other workers of this
 * machine (at once, through the primary) and, with REDIS_URL, for every instance.
 */
function learn(name: Capability, present: boolean) {
  const before = current(name);
  const until = Date.now() + CAPABILITY_TTL_MS;
  const redis = sharedRedis();
  const local = { present, until: redis ? Math.min(until, Date.now() + LOCAL_VERDICT_MS) : until };
  known.set(name, local);
  if (before?.present !== present) broadcastToSiblings(VERDICT_TOPIC, { name, ...local });
  if (!redis || before?.present === present) return;
  redis.set(verdictKey(name), JSON.stringify({ present, until }), "PX", CAPABILITY_TTL_MS).catch(() => {
    // Redis away: this instance knows, the others learn it from their own calls.
  });
}

function markAbsent(name: Capability, path: string) {
  learn(name, false);
  if (announced.has(name)) return;
  announced.add(name);
  log("capability_absent", { capability: name, path });
}

function markPresent(name: Capability) {
  learn(name, true);
  if (!announced.delete(name)) return;
  log("capability_present", { capability: name });
}

/**
 * What a failure says about the endpoint: any refusal in the envelope proves it is there, except
 * -3 (a stock Niushop checks the closed shop before it looks for the action); a thrown Response
 * (down, slow, a redirect of the error catalogue) says nothing.
 */
function learnFrom(name: Capability, error: unknown) {
  if (error instanceof EndpointMissingError) markAbsent(name, error.path);
  else if (error instanceof UpstreamError && !(error instanceof ShopClosedError)) markPresent(name);
}

/**
 * A feature whose endpoint is there but refuses to work (WeChat login without an official
 * account): absent for CAPABILITY_TTL_MS like a missing endpoint, so the UI hides it meanwhile.
 */
export function capabilityRefused(name: Capability, path: string, message: string) {
  learn(name, false);
  if (announced.has(name)) return;
  announced.add(name);
  log("capability_absent", { capability: name, path, refused: message });
}

/** False only while the capability is known to be absent (unknown counts as present). */
export function hasCapability(name: Capability): boolean {
  return current(name)?.present !== false;
}

/**
 * Runs `load` (the calls of the feature) unless the capability is known to be absent. An endpoint
 * the upstream lacks marks it absent for CAPABILITY_TTL_MS (logged once) and gives `fallback`;
 * while absent, `load` is not called at all. Any other failure is thrown as before.
 */
export async function withCapability<T, F = T>(name: Capability, load: () => Promise<T>, fallback: F): Promise<T | F> {
  if ((await verdict(name))?.present === false) return fallback;
  try {
    const value = await load();
    markPresent(name);
    return value;
  } catch (error) {
    learnFrom(name, error);
    if (error instanceof EndpointMissingError) return fallback;
    throw error;
  }
}

/** As withCapability for calls with no sensible fallback (mutations): absent → CapabilityAbsentError. */
export async function requireCapability<T>(name: Capability, load: () => Promise<T>): Promise<T> {
  const absent = Symbol("absent");
  const value = await withCapability(name, load, absent);
  if (value === absent) throw new CapabilityAbsentError(name);
  return value as T;
}

/**
 * Whether the capability is there, for UI that must know before the feature's own call (a link
 * in the chrome): what is known, else one token-free call of its endpoint (shared by concurrent
 * requests). An answer that says nothing (upstream down) counts as present and is not kept.
 */
export async function probeCapability(name: Capability): Promise<boolean> {
  const entry = await verdict(name);
  if (entry) return entry.present;
  const running = probing.get(name);
  if (running) return running;
  const probe = callUpstream(sharedContext(), CAPABILITIES[name].path, Ignored)
    .then(
      () => {
        markPresent(name);
        return true;
      },
      (error: unknown) => {
        learnFrom(name, error);
        return hasCapability(name);
      },
    )
    .finally(() => probing.delete(name));
  probing.set(name, probe);
  return probe;
}

/** What the chrome (root loader) needs to know: links shown only when their page can work. */
export async function chromeCapabilities(isMember: boolean) {
  const [switchAccount, saleControl] = await Promise.all([isMember ? probeCapability("multiaccount") : Promise.resolve(false), probeCapability("salecontrol")]);
  return { switchAccount, saleControl };
}
export type ChromeCapabilities = Awaited<ReturnType<typeof chromeCapabilities>>;

/** Forgets everything known (tests). */
export function resetCapabilities() {
  known.clear();
  announced.clear();
  probing.clear();
}
