import { error, pageResult, paging, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { findVerifier, findVerify, useVerifyCode, VERIFY_MESSAGES, VERIFY_TYPES, verifierHistory, verifyView, type VerifierRow } from '../models/verify.js'

/**
 * Verification by staff (contract §4.6, docs/verification.md): /api/verify/*. Every call but
 * getverifytype needs a member who is a verifier; others get VERIFY_MESSAGES.notVerifier.
 */

type Verifier = { verifier: VerifierRow } | { refusal: ReturnType<typeof error> }

function requireVerifier(ctx: Context): Verifier {
  const memberId = requireMember(ctx)
  const verifier = findVerifier(ctx.db, memberId)
  return verifier ? { verifier } : { refusal: error(-1, VERIFY_MESSAGES.notVerifier) }
}

/** The verify_code param, trimmed (a scanner may add a newline or spaces). */
function codeParam(ctx: Context): string {
  return str(ctx, 'verify_code').trim().slice(0, 64)
}

export function registerVerifyRoutes(router: Router): void {
  router.post('/api/verify/checkisverifier', (ctx) => {
    const found = requireVerifier(ctx)
    if ('refusal' in found) return found.refusal
    return success({ verifier_id: found.verifier.verifier_id, verifier_name: found.verifier.verifier_name, store_id: found.verifier.store_id, verifier_type: 0 })
  })

  router.post('/api/verify/getverifytype', () => success(VERIFY_TYPES))

  router.post('/api/verify/verifyinfo', (ctx) => {
    const found = requireVerifier(ctx)
    if ('refusal' in found) return found.refusal
    const code = codeParam(ctx)
    if (code === '') return error(-1, '缺少参数verify_code')
    const row = findVerify(ctx.db, code)
    return row ? success(verifyView(ctx.db, row)) : error(-1, VERIFY_MESSAGES.unknown)
  })

  router.post('/api/verify/verify', (ctx) => {
    const found = requireVerifier(ctx)
    if ('refusal' in found) return found.refusal
    const code = codeParam(ctx)
    if (code === '') return error(-1, '缺少参数verify_code')
    const refusal = useVerifyCode(ctx.db, found.verifier, code)
    return refusal ? error(-1, refusal) : success()
  })

  router.post('/api/verify/lists', (ctx) => {
    const found = requireVerifier(ctx)
    if ('refusal' in found) return found.refusal
    const type = str(ctx, 'verify_type', 'all') || 'all'
    if (type !== 'all' && !VERIFY_TYPES[type]) return success(pageResult([], 0, 10))
    const { page, pageSize } = paging(ctx)
    const { rows, count } = verifierHistory(ctx.db, found.verifier.verifier_id, type, page, pageSize)
    return success(
      pageResult(
        rows.map((row) => verifyView(ctx.db, row)),
        count,
        pageSize,
      ),
    )
  })
}
