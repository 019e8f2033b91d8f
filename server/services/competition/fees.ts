import type { Competition } from '../../../definitions/competition/types.ts'
import type { ApplyMoney, CompetitionPrice } from '../../../schemas/api/competition.ts'
import { formatYuan, type PayMethod } from '../../../schemas/payment.ts'
import type { Db } from '../../db/connect.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { findRegistration, COMPETITION_MSG as M, requirePhase } from '../competition-entries.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { type CheckoutDeps, checkout } from '../payment/checkout.ts'
import { ALREADY_PAID, competitionProduct } from '../payment/orders.ts'

/** A competition's entry fee; a free competition's is 0 and not required. */
export const entryFee = (c: Competition): CompetitionPrice => ({
  price: formatYuan(c.pay?.fee ?? 0),
  priceFen: c.pay?.fee ?? 0,
  required: c.pay?.required ?? false,
  source: c.pay?.source ?? null,
})

/** The site-wide entry fee that competitions whose pay.source is config share; 0 when none does. */
export function applyMoney(registry: CompetitionRegistry): ApplyMoney {
  const fen = registry.all().find((c) => c.pay?.source === 'config')?.pay?.fee ?? 0
  return { configKey: 'competition.apply.money', configValue: formatYuan(fen), fen }
}

/**
 * Pays the user's entry fee through the one checkout: a registered, unpaid entry of a competition
 * with a fee, in the submission phase. The online cashier returns the payer to the entry's first step.
 */
export async function payEntryFee(
  { kysely: db }: Db,
  deps: CheckoutDeps,
  input: { userId: number; c: Competition; method: PayMethod; origin: string; basePath: string },
) {
  const { userId, c } = input
  if (!c.pay) throw new BusinessError(CODE.badRequest, M.free)
  requirePhase(c, 'submit')
  const row = await findRegistration(db, userId, c.competitionId)
  if (!row) throw new BusinessError(CODE.badRequest, M.registerFirst)
  if (row.paid_order_id) throw new BusinessError(CODE.badRequest, ALREADY_PAID)
  return checkout(deps, {
    userId,
    product: competitionProduct(c.competitionId, c.title, c.pay.fee),
    method: input.method,
    origin: input.origin,
    returnPath: `${input.basePath}${c.slug}/base`,
  })
}
