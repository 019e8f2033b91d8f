import path from 'node:path'
import Database from 'better-sqlite3'
import { e2eDataDir } from './page.ts'

/**
 * The demo competition 101's final round (终评, in 2028 in the definition) made done straight in the
 * e2e server's database, for the files that test 评审结果 and its correction: a confirmed entry with
 * one work, the three demo judges' submitted sheets, and the clean-up that leaves 101 unpublished
 * with no extra works for the other files on this server.
 */
export const COMPETITION = 101
const JUDGES = ['13800000011', '13800000012', '13800000013']
const CRITERIA = ['innovation', 'function', 'aesthetics', 'feasibility']

export const e2eDb = () => new Database(path.join(e2eDataDir(), 'kabu.db'))

/** A finalised entry with one work of `account` in 101; answers the work and the entry (registration) id. */
export function submittedWork(
  d: Database.Database,
  account: string,
  worksName: string,
  range: string,
): { work: number; entry: number } {
  const now = new Date().toISOString()
  const { userId } = d.prepare('select id as userId from users where account = ?').get(account) as {
    userId: number
  }
  const registration = d
    .prepare(
      `insert into competition_registrations
         (competition_id, user_id, entrant_type, company_type, data, works_count, finalised_at, created_at, updated_at)
       values (?, ?, 'personal', 'university', ?, 1, ?, ?, ?)`,
    )
    .run(COMPETITION, userId, JSON.stringify({ name: '参赛者' }), now, now, now)
  const base = { worksName, range, abstract: `${worksName}：评审结果测试用作品。` }
  const work = d
    .prepare(
      `insert into competition_works (competition_id, user_id, registration_id, base, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?)`,
    )
    .run(COMPETITION, userId, registration.lastInsertRowid, JSON.stringify(base), now, now)
  return { work: Number(work.lastInsertRowid), entry: Number(registration.lastInsertRowid) }
}

/** The work enters 终评 and each demo judge's sheet gives every criterion `marks[i]` (of 10). */
export function finalSheets(d: Database.Database, workId: number, marks: number[]) {
  const now = new Date().toISOString()
  d.prepare(
    `insert into judging_advancements (competition_id, round_id, work_id, decided_by, decided_at) values (?, 'final', ?, 1, ?)`,
  ).run(COMPETITION, workId, now)
  for (const [i, account] of JUDGES.entries()) {
    const { id } = d.prepare('select id from users where account = ?').get(account) as { id: number }
    d.prepare(
      `insert into judging_assignments (competition_id, round_id, work_id, judge_id, assigned_at) values (?, 'final', ?, ?, ?)`,
    ).run(COMPETITION, workId, id, now)
    const scores = Object.fromEntries(CRITERIA.map((c) => [c, marks[i]]))
    d.prepare(
      `insert into judging_sheets (competition_id, round_id, work_id, judge_id, scores, pass, comment, submitted, created_at, updated_at, submitted_at)
       values (?, 'final', ?, ?, ?, null, '', 1, ?, ?, ?)`,
    ).run(COMPETITION, workId, id, JSON.stringify(scores), now, now, now)
  }
}

/**
 * Removes the publication, awards and final-round rows, and the test's works (deleted, so the judging
 * flow in judging.test.ts, which opens the first entry assigned to a demo judge in 初评 and expects
 * its own works' cover, never meets a coverless one).
 */
export function clearFinalRound(workIds: number[]) {
  const d = e2eDb()
  try {
    for (const table of ['result_publications', 'result_awards', 'judging_advancements'])
      d.prepare(`delete from ${table} where competition_id = ?`).run(COMPETITION)
    for (const table of ['judging_sheets', 'judging_assignments'])
      d.prepare(`delete from ${table} where competition_id = ? and round_id = 'final'`).run(COMPETITION)
    for (const workId of workIds) {
      for (const table of ['judging_sheets', 'judging_assignments'])
        d.prepare(`delete from ${table} where work_id = ?`).run(workId)
      d.prepare('update competition_works set deleted_at = ? where id = ?').run(
        new Date().toISOString(),
        workId,
      )
    }
  } finally {
    d.close()
  }
}
