import { describe, expect, it } from 'vitest'
import { FIXTURE_IDS, REGISTRATION } from '../support/competitions.ts'
import { newPayer } from '../support/payers.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'
import { VALID_REALNAME } from '../support/valid-forms.ts'

/**
 * What the workspace starts from (issue 22 items 6 and 7): the registration prefilled from the
 * verified account, and no draft kept for a form nobody typed into.
 */
const t = useTestApp()
const FEE = FIXTURE_IDS['fee-default']
const entryUrl = `/api/tbCompetitionInfo/user/getInfoByCompetitionId?competitionId=${FEE}`
const draftUrl = `/api/tbCompetitionInfo/draft?competitionId=${FEE}&formKey=registration`

const draftRows = (userId: number) =>
  t.server.app.db.kysely
    .selectFrom('competition_drafts')
    .select('data')
    .where('user_id', '=', userId)
    .where('competition_id', '=', FEE)
    .execute()

describe('registration prefill', () => {
  it('offers the verified real name and the account phone until the entrant has registered', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const before = await t.api.get(entryUrl, payer.token)
    expect(before.data).toMatchObject({
      registered: false,
      info: null,
      prefill: { name: VALID_REALNAME.username, phone: payer.account },
    })
    const saved = await t.api.post(
      '/api/tbCompetitionInfo/user/add',
      { ...REGISTRATION, competitionId: FEE },
      payer.token,
    )
    expect(saved.code).toBe(200)
    expect(saved.data.prefill).toBeNull()
    expect((await t.api.get(entryUrl, payer.token)).data).toMatchObject({
      registered: true,
      prefill: null,
      info: { name: REGISTRATION.name },
    })
  })

  it('leaves the name out for an account without real-name verification, and the phone for an e-mail account', async () => {
    await insertUser(t.server.app, '13811112222', 'Prefill2026!')
    const phoneOnly = await t.api.login('13811112222', 'Prefill2026!')
    expect((await t.api.get(entryUrl, phoneOnly)).data.prefill).toEqual({ phone: '13811112222' })

    await insertUser(t.server.app, 'entrant@example.com', 'Prefill2026!')
    const mailAccount = await t.api.login('entrant@example.com', 'Prefill2026!')
    expect((await t.api.get(entryUrl, mailAccount)).data.prefill).toEqual({})
  })
})

describe('drafts of untouched forms', () => {
  it('keeps no draft whose fields are all empty, and an emptied draft removes the one before', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const blank = { name: '', phone: '', agree: false, teamMembers: [], address: { city: '' } }
    const answer = await t.api.post(
      '/api/tbCompetitionInfo/draft',
      { competitionId: FEE, formKey: 'registration', data: blank },
      payer.token,
    )
    expect(answer.code).toBe(200)
    expect(await draftRows(payer.userId)).toEqual([])
    expect((await t.api.get(draftUrl, payer.token)).data).toBeNull()

    await t.api.post(
      '/api/tbCompetitionInfo/draft',
      { competitionId: FEE, formKey: 'registration', data: { ...blank, name: '林' } },
      payer.token,
    )
    expect((await t.api.get(draftUrl, payer.token)).data).toMatchObject({ data: { name: '林' } })
    await t.api.post(
      '/api/tbCompetitionInfo/draft',
      { competitionId: FEE, formKey: 'registration', data: blank },
      payer.token,
    )
    expect(await draftRows(payer.userId)).toEqual([])
    expect((await t.api.get(draftUrl, payer.token)).data).toBeNull()
  })

  it('does not offer back a blank draft stored before this rule', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    await t.server.app.db.kysely
      .insertInto('competition_drafts')
      .values({
        user_id: payer.userId,
        competition_id: FEE,
        form_key: 'registration',
        work_id: 0,
        data: JSON.stringify({ name: '', agree: false }),
        updated_at: new Date().toISOString(),
      })
      .execute()
    expect((await t.api.get(draftUrl, payer.token)).data).toBeNull()
  })
})
