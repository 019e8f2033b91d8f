import type { FastifyInstance } from 'fastify'
import type { apiOf } from './api-client.ts'
import {
  ADVISER,
  DISPLAY_BOARD,
  FIXTURE_IDS,
  PROPERTY_RIGHT,
  REGISTRATION,
  uploadSampleFiles,
  WORK_BASE,
  WORK_INFO,
} from './competitions.ts'
import { newPayer } from './payers.ts'

const FEE = FIXTURE_IDS['fee-default']

/**
 * An entrant of the fee-default fixture with one complete work, paid through their balance and, unless
 * told otherwise, submitted (确认提交) — through the real API, as an entrant would. The caller has run
 * storeSampleFiles once. Answers the entrant and their registration id (the console's entry id).
 */
export async function submittedEntrant(
  app: FastifyInstance,
  api: ReturnType<typeof apiOf>,
  { submit = true } = {},
): Promise<{ token: string; userId: number; account: string; entryId: number }> {
  const payer = await newPayer(app, api, 100_000)
  await uploadSampleFiles(app, payer.userId)
  const post = async (path: string, body: object) => {
    const res = await api.post(`/api/${path}`, body, payer.token)
    if (res.code !== 200) throw new Error(`${path}: ${JSON.stringify(res)}`)
    return res
  }
  await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: FEE })
  const work = (await post('works/add', { ...WORK_BASE, competitionId: FEE })).data
  await post('works/add', { ...WORK_INFO, id: work.id, step: 'info' })
  await post('tbCompetitionInfo/works/saveAdviser', { ...ADVISER, id: work.id })
  await post('tbCompetitionInfo/works/updateWorkPropertyRight', { ...PROPERTY_RIGHT, id: work.id })
  await post('tbCompetitionInfo/works/updateDisplayBoard', { ...DISPLAY_BOARD, id: work.id })
  await post('tbCompetitionInfo/pay/4', { competitionId: FEE })
  if (submit) await post('tbCompetitionInfo/auth', { competitionId: FEE })
  const row = await app.db.kysely
    .selectFrom('competition_registrations')
    .select('id')
    .where('user_id', '=', payer.userId)
    .where('competition_id', '=', FEE)
    .executeTakeFirstOrThrow()
  return { ...payer, entryId: row.id }
}
