import { normalisePath } from './router.js'

/**
 * Endpoint switches: make this API answer some of its paths the way a real Niushop answers a
 * route it does not have (the HTML error page with HTTP 200), so the storefront can be run and
 * tested against a "stock" Niushop 5.5.2 that lacks the addons and additions of this B2B flavour.
 *
 * An entry is a path or a path prefix, matched case-insensitively like the router: it disables
 * the path itself and everything below it (`/multiaccount` disables `/multiaccount/api/…`).
 */

export interface MissingEndpoint {
  /** Path or prefix, as the storefront spells it (matching ignores case and a trailing `/`). */
  path: string
  /** Why a stock Niushop 5.5.2 has no such route. */
  reason: string
}

/**
 * What a stock Niushop B2C 5.5.2 (xiaotukeji/yunshenzhiqi `admin-php/`, as installed for LIVE.md)
 * does not have among the paths the storefront calls. Checked against its controllers: ThinkPHP
 * routes `/{addon}/api/{controller}/{action}` by folder (InitRoute), so a missing addon folder,
 * controller class or action method all end in an HttpException, answered as the HTML error page.
 *
 * Covers the storefront paths listed in shop-api/README.md ("Stock Niushop mode"); the contract test
 * shop-api-switches.test.ts checks them against every path in app/upstream. `/memberregister/api/Config/Config` and
 * `weapp/api/weapp/qrcode` are NOT here: both addons ship with 5.5.2
 * (`addon/memberregister/api/controller/Config.php`, `addon/weapp/api/controller/Weapp.php`);
 * `/api/Cart/calculate` and `/api/goodssku/searchGoodsByKeyWord` are (no such actions).
 */
export const STOCK_NIUSHOP_MISSING: readonly MissingEndpoint[] = [
  { path: '/multiaccount', reason: 'multi-account addon (account group switch: MultiAccount/lists, /change) is not part of Niushop' },
  { path: '/salecontrol', reason: 'sale-control addon (控销, salecontrol/saleControlList) is this B2B flavour’s, not Niushop’s' },
  {
    path: '/bundling/api/cart',
    reason:
      'the bundling addon ships only Bundling and Ordercreate API controllers: combos are sold (detail, lists, ordercreate), but no combo lines in the cart (lists/add/edit/delete)',
  },
  { path: '/servicer', reason: 'no servicer addon in 5.5.2 (addon/servicer is absent): the customer-service chat endpoints (chat/keyword, dialogs, say…) do not exist' },
  {
    path: '/api/member/checkemail',
    reason: 'Member has no checkemail action in 5.5.2 (the PC client still calls it): binding an email does not exist there',
  },
  { path: '/api/member/bingemailcode', reason: 'Member has no bingemailcode action in 5.5.2 (the PC client still calls it): no email codes' },
  { path: '/api/member/modifyemail', reason: 'Member has no modifyemail action in 5.5.2 (the PC client still calls it): binding an email does not exist there' },
  {
    path: '/memberrecharge/api/order/detail',
    reason: 'the memberrecharge addon’s Order controller has only page: one recharge order is not answered on its own (the PC lists them)',
  },
  { path: '/pc/api', reason: 'the pc addon has no API controllers; footerList and moreConfig are defined by this API (PC config lives under /api/pc/*)' },
  { path: '/api/register/labellist', reason: 'Register has no labellist action: member-label choice at sign-up is a B2B addition' },
  { path: '/api/register/getAptitude', reason: 'Register has no getAptitude action: qualification (资质) upload at sign-up is a B2B addition' },
  { path: '/api/qualification', reason: 'no Qualification controller: member qualifications and the shop certificates are defined by this API (docs/qualifications.md)' },
  { path: '/api/upload/qualification', reason: 'Upload has no qualification action: qualification images at sign-up are a B2B addition (docs/qualifications.md)' },
  { path: '/api/Cart/calculate', reason: 'Cart has no calculate action (upstream previews discounts with /api/cartcalculate/calculate, another shape)' },
  { path: '/api/goodssku/searchGoodsByKeyWord', reason: 'Goodssku has no searchGoodsByKeyWord action: search suggestions are defined by this API' },
  { path: '/manjian/api/manjian/lists', reason: 'the manjian addon answers one goods’ activity (manjian/info); the list of running activities is defined by this API' },
  { path: '/staff', reason: 'no staff addon: the salesman’s team (myTeamList) and the stock-out log (stockoutLog) are this B2B flavour’s (spec §6)' },
  {
    path: '/api/ordercomplain',
    reason: 'the PC calls Ordercomplain detail/complain/cancel, but no such controller exists: complaints are defined by this API (docs/after-sales-api.md)',
  },
]

/** The `stock` preset as a list of paths. */
export const STOCK_PRESET = 'stock'

/** Turn a spec (`"stock"`, `"/a,/b"`, `["stock", "/c"]`) into normalised, de-duplicated paths. Throws on a bad token. */
export function resolveDisabledEndpoints(spec: string | readonly string[] | undefined): string[] {
  if (spec === undefined) return []
  const tokens = (typeof spec === 'string' ? [spec] : spec)
    .flatMap((item) => item.split(','))
    .map((t) => t.trim())
    .filter((t) => t !== '')
  const out = new Set<string>()
  for (const token of tokens) {
    if (token.toLowerCase() === STOCK_PRESET) {
      for (const entry of STOCK_NIUSHOP_MISSING) out.add(normalisePath(entry.path))
      continue
    }
    if (!/^\/?[A-Za-z0-9_.\-/]+$/.test(token)) throw new Error(`not a path or "${STOCK_PRESET}": ${JSON.stringify(token)}`)
    const path = normalisePath(token)
    if (path === '/') throw new Error('"/" would disable every endpoint')
    out.add(path)
  }
  return [...out]
}

/** True when `path` is one of `disabled` or below one of them. */
export function pathIsDisabled(disabled: readonly string[], path: string): boolean {
  const p = normalisePath(path)
  return disabled.some((d) => p === d || p.startsWith(`${d}/`))
}

/**
 * The live switch of a running API: starts from the configured list, changed by the test API,
 * `reset()` goes back to the configured list.
 */
export class EndpointSwitch {
  private disabled: string[]
  private readonly initial: string[]

  constructor(spec?: string | readonly string[]) {
    this.initial = resolveDisabledEndpoints(spec)
    this.disabled = [...this.initial]
  }

  /** Replace the list (`[]` enables everything). Throws on a bad token, leaving the list as it was. */
  set(spec: string | readonly string[]): string[] {
    this.disabled = resolveDisabledEndpoints(spec)
    return this.list()
  }

  reset(): string[] {
    this.disabled = [...this.initial]
    return this.list()
  }

  list(): string[] {
    return [...this.disabled]
  }

  isDisabled(path: string): boolean {
    return this.disabled.length > 0 && pathIsDisabled(this.disabled, path)
  }
}
