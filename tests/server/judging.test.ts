import { beforeAll, describe, expect, it } from 'vitest'
import { sheetSchema } from '../../definitions/competition/sheet-schema.ts'
import { fileAccess } from '../../server/services/file-access.ts'
import { blindRound, JUDGING_MSG } from '../../server/services/judging/rounds.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { CRITERIA, insertSubmittedWork, judgingRoot } from '../support/judging.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 24 item 5: the judges' workspace API and the organisers' assignment (README "Judging") —
 * balanced, idempotent assignment (also under a burst), blind entries, autosaved and submitted sheets
 * checked by the round's sheet schema (also under a burst), conflicts of interest, round dates, and
 * the audit entry of every change; on SQLite and, under TEST_DB=postgres, PostgreSQL.
 */
// Without the demo data: its judges sit on the competition with the lowest id, which is OWN here.
const t = useTestApp({ definitionsRoot: judgingRoot(), demoData: false })
const OWN = FIXTURE_IDS['fee-default']
const CLOSED = FIXTURE_IDS.qt2025

const JUDGES = ['13900000411', '13900000412', '13900000413', '13900000414']
const FINAL_ONLY = '13900000415'
const ORGANISER = '13900000402'
const ENTRANTS = [
  '13900000420',
  '13900000421',
  '13900000422',
  '13900000423',
  '13900000424',
  '13900000425',
  '13900000426',
]
const ids = new Map<string, number>()
const tokens = new Map<string, string>()
const works: number[] = []

const k = () => t.server.app.db.kysely
const idOf = (account: string) => ids.get(account)!
const get = (url: string, as: string) => t.api.get(url, tokens.get(as))
const post = (url: string, body: object, as: string) => t.api.post(url, body, tokens.get(as))
const assign = (roundId = 'first', competitionId = OWN) =>
  post('/api/manage/judging/assign', { competitionId, roundId }, ORGANISER)
const save = (
  as: string,
  workId: number,
  values: object,
  submit?: boolean,
  roundId = 'first',
  competitionId = OWN,
) => post('/api/judge/sheet', { competitionId, roundId, workId, values, ...(submit ? { submit } : {}) }, as)

const assignments = async (roundId = 'first') =>
  k()
    .selectFrom('judging_assignments')
    .select(['work_id', 'judge_id'])
    .where('competition_id', '=', OWN)
    .where('round_id', '=', roundId)
    .orderBy('work_id')
    .orderBy('judge_id')
    .execute()
const auditOf = (action: string) =>
  k().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()
const mineOf = async (account: string) =>
  (await assignments()).filter((a) => a.judge_id === idOf(account)).map((a) => a.work_id)

beforeAll(async () => {
  for (const account of [...JUDGES, FINAL_ONLY, ORGANISER, ...ENTRANTS]) {
    await insertUser(t.server.app, account, DEMO.password)
    const { id } = await k()
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    ids.set(account, id)
  }
  for (const account of JUDGES)
    await grantRole(k(), null, idOf(account), { role: 'judge', competitionId: OWN })
  await grantRole(k(), null, idOf(JUDGES[0]!), { role: 'judge', competitionId: CLOSED })
  await grantRole(k(), null, idOf(FINAL_ONLY), { role: 'judge', competitionId: OWN, roundId: 'final' })
  await grantRole(k(), null, idOf(ORGANISER), { role: 'organiser', competitionId: OWN })
  for (const account of [...JUDGES, FINAL_ONLY, ORGANISER]) tokens.set(account, await t.api.login(account))
  const ranges = ['product', 'visual', 'product', 'visual', 'product', 'visual']
  for (const [i, range] of ranges.entries())
    works.push(await insertSubmittedWork(t.server.app, OWN, idOf(ENTRANTS[i]!), range, `测试作品${i + 1}`))
  await insertSubmittedWork(t.server.app, CLOSED, idOf(ENTRANTS[6]!), 'product', '往届作品')
})

describe('assigning a round', () => {
  it('a burst of runs stores each assignment once: every entry has judgesPerEntry judges, loads differ by at most 1', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => assign()))
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200])
    expect(answers.reduce((n, a) => n + a.data.added, 0)).toBe(12)
    const rows = await assignments()
    expect(rows).toHaveLength(12)
    for (const w of works)
      expect(new Set(rows.filter((r) => r.work_id === w).map((r) => r.judge_id)).size).toBe(2)
    const loads = JUDGES.map((j) => rows.filter((r) => r.judge_id === idOf(j)).length)
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1)
    // The judge of the final only is not a judge of this round.
    expect(rows.some((r) => r.judge_id === idOf(FINAL_ONLY))).toBe(false)
  })

  it('is deterministic and idempotent: a re-run adds nothing and changes nothing', async () => {
    const before = await assignments()
    const again = await assign()
    expect(again).toMatchObject({
      code: 200,
      msg: '没有需要新分配的作品',
      data: { entries: 6, judges: 4, added: 0, short: [] },
    })
    expect(await assignments()).toEqual(before)
  })

  it('writes an audit entry per run, naming the organiser', async () => {
    const entries = await auditOf('judging.assign')
    expect(entries.length).toBe(6)
    expect(entries.every((e) => e.actor_id === idOf(ORGANISER) && e.competition_id === OWN)).toBe(true)
    expect(entries.map((e) => JSON.parse(e.detail).added).reduce((a, b) => a + b, 0)).toBe(12)
  })

  it('refuses a round that closed, and a round the definition does not have', async () => {
    await grantRole(k(), null, idOf(ORGANISER), { role: 'organiser', competitionId: CLOSED })
    const closed = await assign('qualify', CLOSED)
    expect(closed.code).toBe(400)
    expect(closed.msg).toMatch(/^“资格审查”已结束（评审时间：.+ 至 .+），不能再分配作品$/)
    expect(await assign('semi')).toMatchObject({ code: 404, msg: JUDGING_MSG.unknownRound('semi') })
  })
})

describe('what a judge sees', () => {
  it('their rounds with progress; a judge of one round sees that round only', async () => {
    const rounds = await get(`/api/judge/rounds?competitionId=${OWN}`, JUDGES[0]!)
    expect(rounds.code).toBe(200)
    expect(rounds.data.map((r: { roundId: string }) => r.roundId)).toEqual(['first', 'final'])
    expect(rounds.data[0]).toMatchObject({
      competitionId: OWN,
      title: '初评',
      mode: 'score',
      state: 'open',
      blind: true,
      assigned: (await mineOf(JUDGES[0]!)).length,
      submitted: 0,
    })
    expect(rounds.data[1]).toMatchObject({ state: 'upcoming', assigned: 0 })
    const finalOnly = await get('/api/judge/rounds', FINAL_ONLY)
    expect(finalOnly.data.map((r: { roundId: string }) => r.roundId)).toEqual(['final'])
  })

  it('only the entries assigned to them, without the entrant’s identity', async () => {
    const list = await get(`/api/judge/entries?competitionId=${OWN}&roundId=first`, JUDGES[1]!)
    expect(list.code).toBe(200)
    expect(list.data.map((e: { workId: number }) => e.workId)).toEqual(await mineOf(JUDGES[1]!))
    expect(Object.keys(list.data[0]).sort()).toEqual(
      ['cover', 'entryNumber', 'range', 'rangeLabel', 'score', 'status', 'workId', 'worksName'].sort(),
    )
    expect(list.data[0]).toMatchObject({ status: 'todo', score: null })
    const text = JSON.stringify(list)
    for (const secret of ['参赛者真名', '13911112222', '某某设计公司', ...ENTRANTS])
      expect(text).not.toContain(secret)
  })

  it('one entry: the work, the sheet schema the form draws, and still no identity (nor co-authors or adviser)', async () => {
    const [workId] = await mineOf(JUDGES[1]!)
    const entry = await get(
      `/api/judge/entry?competitionId=${OWN}&roundId=first&workId=${workId}`,
      JUDGES[1]!,
    )
    expect(entry.code).toBe(200)
    expect(entry.data).toMatchObject({
      workId,
      entrant: null,
      round: { roundId: 'first', state: 'open', blind: true },
    })
    expect(entry.data.worksName).toMatch(/^测试作品\d$/)
    expect(entry.data.schema).toEqual(
      JSON.parse(JSON.stringify(sheetSchema({ ...firstRound(), mode: 'score' }, true))),
    )
    const text = JSON.stringify(entry)
    for (const secret of ['参赛者真名', '13911112222', '某某设计公司', '合作者姓名', '指导老师姓名'])
      expect(text).not.toContain(secret)
  })

  it('the files of an assigned entry are listed under neutral names; the uploads stay closed to every judge of the blind round', async () => {
    const [workId] = await mineOf(JUDGES[1]!)
    const name = `${'ab'.repeat(32)}.jpg`
    const row = await k()
      .selectFrom('competition_works')
      .select('base')
      .where('id', '=', workId!)
      .executeTakeFirstOrThrow()
    const base = { ...JSON.parse(row.base), cover: { fileUrl: `/api/files/${name}`, fileOgName: '封面.jpg' } }
    await k()
      .updateTable('competition_works')
      .set({ base: JSON.stringify(base) })
      .where('id', '=', workId!)
      .execute()
    const entry = await get(
      `/api/judge/entry?competitionId=${OWN}&roundId=first&workId=${workId}`,
      JUDGES[1]!,
    )
    // The cleaned copies themselves: tests/server/judging-blind-files.test.ts.
    expect(entry.data.files).toEqual([
      {
        label: '作品封面',
        name: `作品${String(workId).padStart(5, '0')}-作品封面.jpg`,
        url: `/api/judge/file?competitionId=${OWN}&roundId=first&workId=${workId}&file=0`,
      },
    ])
    const onIt = (await assignments()).filter((a) => a.work_id === workId).map((a) => a.judge_id)
    const outsider = JUDGES.map(idOf).find((j) => !onIt.includes(j))!
    const blind = blindRound(t.server.app.competitions)
    expect(await fileAccess(t.server.app.db, name, async () => idOf(JUDGES[1]!), blind)).toBe('none')
    expect(await fileAccess(t.server.app.db, name, async () => outsider, blind)).toBe('none')
  })

  it('refuses an entry not assigned to them (404), and a round they do not sit on (403)', async () => {
    const theirs = await mineOf(JUDGES[1]!)
    const other = works.find((w) => !theirs.includes(w))!
    expect(
      await get(`/api/judge/entry?competitionId=${OWN}&roundId=first&workId=${other}`, JUDGES[1]!),
    ).toMatchObject({
      code: 404,
      msg: JUDGING_MSG.notAssigned,
    })
    expect(await get(`/api/judge/entries?competitionId=${OWN}&roundId=first`, FINAL_ONLY)).toMatchObject({
      code: 403,
      msg: STAFF_MSG.forbidden,
    })
    expect(await get(`/api/judge/entries?competitionId=${CLOSED}&roundId=qualify`, JUDGES[1]!)).toMatchObject(
      {
        code: 403,
        msg: STAFF_MSG.forbidden,
      },
    )
  })
})

function firstRound() {
  return {
    id: 'first',
    title: '初评',
    opens: '',
    closes: '',
    criteria: CRITERIA,
    result: 'mean' as const,
    entries: 'allSubmitted' as const,
    judgesPerEntry: 2,
  }
}

describe('score sheets', () => {
  it('autosaves a partial sheet, refuses an incomplete submission and a score out of range, submits a complete one', async () => {
    const judge = JUDGES[2]!
    const [workId] = await mineOf(judge)
    expect(await save(judge, workId!, { innovation: 8 })).toMatchObject({
      code: 200,
      msg: '已保存',
      data: { values: { innovation: 8 }, submitted: false },
    })
    expect(await save(judge, workId!, { innovation: 8 }, true)).toMatchObject({
      code: 400,
      msg: JUDGING_MSG.incomplete,
    })
    const outOfRange = await save(judge, workId!, { innovation: 11, function: 3 })
    expect(outOfRange).toMatchObject({
      code: 400,
      msg: '评分须在 0 到满分之间（创新性 10 分，功能 5 分），评语不超过 2000 字',
    })
    expect(await save(judge, workId!, { innovation: 'eight' })).toMatchObject({ code: 400 })
    const done = await save(judge, workId!, { innovation: 8, function: 4, comment: '结构清晰' }, true)
    expect(done).toMatchObject({ code: 200, msg: '评分已提交', data: { submitted: true } })
    expect(done.data.submittedAt).toEqual(expect.any(String))
    // A submitted sheet stays complete.
    expect(await save(judge, workId!, { innovation: 9 })).toMatchObject({
      code: 400,
      msg: JUDGING_MSG.submittedNeedsAll,
    })
    const list = await get(`/api/judge/entries?competitionId=${OWN}&roundId=first`, judge)
    // 8/10 × 0.6 + 4/5 × 0.4 = 0.8 → 80
    expect(list.data.find((e: { workId: number }) => e.workId === workId)).toMatchObject({
      status: 'submitted',
      score: 80,
    })
    const rounds = await get(`/api/judge/rounds?competitionId=${OWN}`, judge)
    expect(rounds.data[0].submitted).toBe(1)
  })

  it('writes an audit entry per change (none for an unchanged autosave), with before and after', async () => {
    const judge = JUDGES[3]!
    const [workId] = await mineOf(judge)
    const before = (await auditOf('judging.sheet.save')).length
    await save(judge, workId!, { function: 2 })
    await save(judge, workId!, { function: 2 })
    await save(judge, workId!, { function: 3 })
    const saves = (await auditOf('judging.sheet.save')).slice(before)
    expect(saves).toHaveLength(2)
    expect(saves.map((s) => s.actor_id)).toEqual([idOf(judge), idOf(judge)])
    expect(JSON.parse(saves[1]!.detail)).toEqual({
      round: 'first',
      before: { function: 2 },
      after: { function: 3 },
    })
    const submits = await auditOf('judging.sheet.submit')
    expect(submits.length).toBeGreaterThanOrEqual(1)
  })

  it('a burst of autosaves on one sheet stores one sheet, holding one of the values sent', async () => {
    const judge = JUDGES[0]!
    const [workId] = await mineOf(judge)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save(judge, workId!, { innovation: i, comment: `第${i}稿` })),
    )
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200))
    const rows = await k()
      .selectFrom('judging_sheets')
      .selectAll()
      .where('work_id', '=', workId!)
      .where('judge_id', '=', idOf(judge))
      .execute()
    expect(rows).toHaveLength(1)
    const stored = JSON.parse(rows[0]!.scores).innovation
    expect(rows[0]!.comment).toBe(`第${stored}稿`)
  })

  it('nothing changes outside the round’s dates', async () => {
    const judge = JUDGES[0]!
    const upcoming = await save(judge, works[0]!, { innovation: 1 }, false, 'final')
    expect(upcoming.code).toBe(400)
    expect(upcoming.msg).toMatch(/^“终评”尚未开始（评审时间：.+ 至 .+），现在不能修改$/)
    const [closedWork] = await k()
      .selectFrom('competition_works')
      .select('id')
      .where('competition_id', '=', CLOSED)
      .execute()
    const closed = await save(judge, closedWork!.id, { pass: true }, true, 'qualify', CLOSED)
    expect(closed.code).toBe(400)
    expect(closed.msg).toMatch(/^“资格审查”已结束（评审时间：.+ 至 .+），现在不能修改$/)
    const conflict = await post(
      '/api/judge/conflict',
      { competitionId: CLOSED, roundId: 'qualify', workId: closedWork!.id, reason: '认识参赛者' },
      judge,
    )
    expect(conflict.msg).toBe(closed.msg)
  })
})

describe('conflicts of interest', () => {
  it('needs a reason', async () => {
    const [workId] = await mineOf(JUDGES[1]!)
    const blank = await post(
      '/api/judge/conflict',
      { competitionId: OWN, roundId: 'first', workId, reason: '  ' },
      JUDGES[1]!,
    )
    expect(blank).toMatchObject({ code: 400, msg: JUDGING_MSG.reasonNeeded })
  })

  it('moves the entry to the least-loaded other judge, records it, and re-runs never give it back', async () => {
    const judge = JUDGES[1]!
    const [workId] = await mineOf(judge)
    const before = await assignments()
    const onIt = before.filter((a) => a.work_id === workId).map((a) => a.judge_id)
    const answer = await post(
      '/api/judge/conflict',
      { competitionId: OWN, roundId: 'first', workId, reason: '参赛者是我的学生' },
      judge,
    )
    expect(answer).toMatchObject({ code: 200, msg: '已回避，作品已改派', data: { reassigned: true } })
    const after = await assignments()
    expect(after).toHaveLength(12)
    const nowOn = after.filter((a) => a.work_id === workId).map((a) => a.judge_id)
    expect(nowOn).not.toContain(idOf(judge))
    const newcomer = nowOn.find((j) => !onIt.includes(j))!
    const loadsBefore = JUDGES.map(idOf)
      .filter((j) => !onIt.includes(j))
      .map((j) => before.filter((a) => a.judge_id === j).length)
    expect(before.filter((a) => a.judge_id === newcomer).length).toBe(Math.min(...loadsBefore))
    expect(await mineOf(judge)).not.toContain(workId)
    const [entry] = await auditOf('judging.conflict')
    expect(entry).toMatchObject({ actor_id: idOf(judge), target_id: String(workId), competition_id: OWN })
    expect(JSON.parse(entry!.detail)).toEqual({
      round: 'first',
      reason: '参赛者是我的学生',
      before: { judgeId: idOf(judge) },
      after: { judgeId: newcomer },
    })
    // The judge no longer reaches it, and assignment does not give it back.
    expect(
      (await get(`/api/judge/entry?competitionId=${OWN}&roundId=first&workId=${workId}`, judge)).code,
    ).toBe(404)
    await k().deleteFrom('judging_assignments').where('work_id', '=', workId!).execute()
    await assign()
    const redone = (await assignments()).filter((a) => a.work_id === workId).map((a) => a.judge_id)
    expect(redone).toHaveLength(2)
    expect(redone).not.toContain(idOf(judge))
  })
})

describe('the console’s view of the rounds (GET /api/manage/judging/rounds)', () => {
  const overview = (as: string, competitionId = OWN) =>
    get(`/api/manage/judging/rounds?competitionId=${competitionId}`, as)

  it('lists each round of the definition with its judges’ loads, submitted sheets and conflicts, as stored', async () => {
    const answer = await overview(ORGANISER)
    expect(answer.code).toBe(200)
    expect(answer.data.map((r: { roundId: string }) => r.roundId)).toEqual(['first', 'final'])
    const rows = await assignments()
    const sheets = await k()
      .selectFrom('judging_sheets')
      .select(['work_id', 'judge_id'])
      .where('competition_id', '=', OWN)
      .where('round_id', '=', 'first')
      .where('submitted', '=', 1)
      .execute()
    const conflicts = await k()
      .selectFrom('judging_conflicts')
      .select('judge_id')
      .where('round_id', '=', 'first')
      .execute()
    expect(conflicts.length).toBeGreaterThan(0)
    const [first, final] = answer.data
    expect(first).toMatchObject({
      title: '初评',
      mode: 'score',
      state: 'open',
      judgesPerEntry: 2,
      entries: works.length,
      assigned: rows.length,
      short: 0,
    })
    // The judges of the first round: the four competition-wide judges (not the final-only one).
    expect(first.judges).toEqual(
      [...JUDGES].sort().map((account) => ({
        account,
        name: expect.any(String),
        holdsRole: true,
        assigned: rows.filter((r) => r.judge_id === idOf(account)).length,
        submitted: sheets.filter(
          (s) =>
            s.judge_id === idOf(account) &&
            rows.some((r) => r.work_id === s.work_id && r.judge_id === s.judge_id),
        ).length,
        conflicts: conflicts.filter((c) => c.judge_id === idOf(account)).length,
      })),
    )
    expect(first.judges.some((j: { submitted: number }) => j.submitted > 0)).toBe(true)
    expect(final).toMatchObject({ state: 'upcoming', judgesPerEntry: 3, assigned: 0 })
    expect(final.judges.map((j: { account: string }) => j.account)).toEqual([...JUDGES, FINAL_ONLY].sort())
  })

  it('keeps a revoked judge listed with the entries they submitted, marked as no longer holding the role', async () => {
    // JUDGES[2] submitted a sheet above; a revoke lets go of their other entries (issue 32 item 5,
    // tests/server/judge-panels.test.ts), so what stays assigned is what they submitted.
    const judge = JUDGES[2]!
    await post('/api/manage/staff/revoke', { account: judge, role: 'judge', competitionId: OWN }, ORGANISER)
    try {
      const [first] = (await overview(ORGANISER)).data
      const listed = first.judges.find((j: { account: string }) => j.account === judge)
      expect(listed).toMatchObject({ holdsRole: false, assigned: (await mineOf(judge)).length })
      expect(listed.assigned).toBeGreaterThan(0)
      expect(listed.submitted).toBe(listed.assigned)
    } finally {
      await grantRole(k(), null, idOf(judge), { role: 'judge', competitionId: OWN })
      await assign()
    }
  })

  it('is refused to a judge, and to an organiser about a competition they do not organise', async () => {
    expect(await overview(JUDGES[0]!)).toEqual({ code: 403, msg: STAFF_MSG.forbidden })
    expect(await overview(ORGANISER, 999_999)).toEqual({ code: 403, msg: STAFF_MSG.forbidden })
  })
})
