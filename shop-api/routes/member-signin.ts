import { error, requireMember, success, type Context, type Router } from '../core/router.js'
import { hasSignedToday, signIn, signRecords, type SigninConfig } from '../models/signin.js'

/**
 * Member sign-in, `/api/membersignin/*` (contract §6.4). Shapes the contract leaves open are in
 * docs/member-centre.md ("Sign-in"). Config SIGNIN_CONFIG (migration 18).
 */
export function registerMemberSigninRoutes(router: Router): void {
  const config = (ctx: Context) => ctx.services.config.get<SigninConfig>('SIGNIN_CONFIG')

  router.post('/api/membersignin/getsignstatus', (ctx) => success(config(ctx)))

  router.post('/api/membersignin/award', (ctx) => success(config(ctx).value))

  router.post('/api/membersignin/issign', (ctx) => {
    const memberId = requireMember(ctx)
    return success(hasSignedToday(ctx.db, memberId) ? 1 : 0)
  })

  // → {point, growth, days_series}; refused when sign-in is off or already done today.
  router.post('/api/membersignin/signin', (ctx) => {
    const memberId = requireMember(ctx)
    const signin = config(ctx)
    if (!signin.is_use) return error(-1, '签到未开启')
    const reward = signIn(ctx.db, memberId, signin.value)
    if (!reward) return error(-1, 'SIGNED_IN')
    return success(reward)
  })

  // This month and the 6 days before, oldest first (the series reached: member/info.sign_days_series).
  router.post('/api/membersignin/getsignrecords', (ctx) => {
    const memberId = requireMember(ctx)
    return success(signRecords(ctx.db, memberId))
  })
}
