import type { Kysely } from 'kysely'
import type { CertificateInfo, UserMoney } from '../../../schemas/api/payment.ts'
import { CERT_VALID_YEARS, formatYuan, PAY_MSG, type PayMethod } from '../../../schemas/payment.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { certificationInfo, certificationsWithNames } from '../certification.ts'
import { type CheckoutDeps, checkout } from './checkout.ts'
import { certProduct } from './orders.ts'

/**
 * The certification fee rule, in one place: the price (CERT_FEE_FEN) buys CERT_VALID_YEARS of
 * certification. The SPA words it with certFeeText (schemas/payment.ts) from these same figures, so a
 * renewal or member price is a change here, not on every page that shows the fee.
 */
export const certificationFee = (feeFen: number) => ({
  approveMoney: formatYuan(feeFen),
  approveMoneyFen: feeFen,
  validYears: CERT_VALID_YEARS,
})

/** The fee and the user's certification (GET /my/getCertificate). */
export async function certificateInfoOf(
  db: Kysely<Database>,
  userId: number,
  feeFen: number,
  now = new Date(),
): Promise<CertificateInfo> {
  const row = await certificationsWithNames(db)
    .where('certifications.user_id', '=', userId)
    .executeTakeFirst()
  return { ...certificationFee(feeFen), certification: row ? certificationInfo(row, now) : null }
}

/** The user's balance and points. */
export async function userMoneyOf(db: Kysely<Database>, userId: number): Promise<UserMoney> {
  const user = await db
    .selectFrom('users')
    .select(['money_fen', 'integral'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return { money: formatYuan(user.money_fen), moneyFen: user.money_fen, integral: user.integral }
}

/**
 * Pays the certification fee through the one checkout; only a real-name verified user may. The online
 * cashier returns the payer to 我的信息.
 */
export async function payCertification(
  db: Kysely<Database>,
  deps: CheckoutDeps,
  input: { userId: number; feeFen: number; method: PayMethod; origin: string; basePath: string },
) {
  const verified = await db
    .selectFrom('realname_auths')
    .select('user_id')
    .where('user_id', '=', input.userId)
    .executeTakeFirst()
  if (!verified) throw new BusinessError(CODE.badRequest, PAY_MSG.realnameFirst)
  return checkout(deps, {
    userId: input.userId,
    product: certProduct(input.feeFen),
    method: input.method,
    origin: input.origin,
    returnPath: `${input.basePath}mine?change=Info`,
  })
}
