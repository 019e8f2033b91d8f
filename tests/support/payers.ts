import type { FastifyInstance } from 'fastify'
import type { apiOf } from './api-client.ts'
import { REGISTRATION, uploadSampleFiles } from './competitions.ts'
import { insertUser } from './users.ts'
import { VALID_REALNAME } from './valid-forms.ts'

let serial = 0

/**
 * A new verified designer holding `moneyFen`, signed in: what every payment test starts from. Each gets
 * its own made-up identity number (one account, one identity).
 */
export async function newPayer(
  app: FastifyInstance,
  api: ReturnType<typeof apiOf>,
  moneyFen: number,
): Promise<{ token: string; userId: number; account: string }> {
  serial += 1
  const account = `139${String(process.pid % 10_000).padStart(4, '0')}${String(serial).padStart(4, '0')}`
  await insertUser(app, account, 'Payer2026!')
  const user = await app.db.kysely
    .updateTable('users')
    .set({ money_fen: moneyFen })
    .where('account', '=', account)
    .returning('id')
    .executeTakeFirstOrThrow()
  const token = await api.login(account, 'Payer2026!')
  const identity = `110105199003${String(serial).padStart(5, '0')}X`
  const verified = await api.post('/api/my/realNameAuth', { ...VALID_REALNAME, identity }, token)
  if (verified.code !== 200) throw new Error(`real-name verification failed: ${JSON.stringify(verified)}`)
  return { token, userId: user.id, account }
}

/**
 * A new payer (newPayer) with the sample files uploaded, registered for competition `competitionId`
 * through the API: where every entry-fee test starts.
 */
export async function registeredPayer(
  app: FastifyInstance,
  api: ReturnType<typeof apiOf>,
  competitionId: number,
  moneyFen: number,
): Promise<{ token: string; userId: number; account: string }> {
  const payer = await newPayer(app, api, moneyFen)
  await uploadSampleFiles(app, payer.userId)
  const added = await api.post(
    '/api/tbCompetitionInfo/user/add',
    { ...REGISTRATION, competitionId },
    payer.token,
  )
  if (added.code !== 200) throw new Error(`registration failed: ${JSON.stringify(added)}`)
  return payer
}

/** The rows the payment code writes for a user, counted. */
export async function paymentRows(app: FastifyInstance, userId: number) {
  const k = app.db.kysely
  const orders = await k.selectFrom('orders').select('status').where('user_id', '=', userId).execute()
  const ledger = await k.selectFrom('ledger').select('id').where('user_id', '=', userId).execute()
  const user = await k
    .selectFrom('users')
    .select(['money_fen', 'integral'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const cert = await k
    .selectFrom('certifications')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return {
    moneyFen: user.money_fen,
    integral: user.integral,
    orders: orders.length,
    paidOrders: orders.filter((o) => o.status === 3).length,
    ledger: ledger.length,
    validUntil: cert?.valid_until,
  }
}
