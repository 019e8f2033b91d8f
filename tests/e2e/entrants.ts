import path from 'node:path'
import Database from 'better-sqlite3'
import { hashPassword } from '../../server/lib/passwords.ts'
import { e2eDataDir } from './page.ts'

/**
 * A fresh account straight in the e2e server's database (sign-up has its own tests), so a flow starts
 * from nothing: no registration, no works, `moneyFen` of balance.
 */
export async function newEntrant(account: string, password: string, moneyFen = 0): Promise<string> {
  const db = new Database(path.join(e2eDataDir(), 'kabu.db'))
  try {
    db.prepare(
      `insert into users (account, password_hash, username, money_fen, integral, created_at)
       values (?, ?, ?, ?, 0, ?)`,
    ).run(
      account,
      await hashPassword(password),
      `参赛者${account.slice(-4)}`,
      moneyFen,
      new Date().toISOString(),
    )
  } finally {
    db.close()
  }
  return account
}

/**
 * A registration with one work in competition `slug`, straight in the e2e server's database (the
 * entry forms have their own tests): answers the work's id.
 */
export function entryWithWork(account: string, slug: string): number {
  const db = new Database(path.join(e2eDataDir(), 'kabu.db'))
  try {
    const now = new Date().toISOString()
    const { userId } = db.prepare('select id as userId from users where account = ?').get(account) as {
      userId: number
    }
    const { competitionId } = db
      .prepare('select id as competitionId from competitions where slug = ?')
      .get(slug) as {
      competitionId: number
    }
    const registration = db
      .prepare(
        `insert into competition_registrations
           (competition_id, user_id, entrant_type, company_type, data, works_count, created_at, updated_at)
         values (?, ?, 'personal', '1', '{}', 1, ?, ?)`,
      )
      .run(competitionId, userId, now, now)
    const work = db
      .prepare(
        `insert into competition_works (competition_id, user_id, registration_id, base, created_at, updated_at)
         values (?, ?, ?, '{"worksName":"跨站测试作品"}', ?, ?)`,
      )
      .run(competitionId, userId, registration.lastInsertRowid, now, now)
    return Number(work.lastInsertRowid)
  } finally {
    db.close()
  }
}

/** Whether a competition work is still there (not deleted), read from the e2e server's database. */
export function workStands(id: number): boolean {
  const db = new Database(path.join(e2eDataDir(), 'kabu.db'), { readonly: true })
  try {
    const row = db.prepare('select deleted_at from competition_works where id = ?').get(id) as
      | { deleted_at: string | null }
      | undefined
    return row !== undefined && row.deleted_at === null
  } finally {
    db.close()
  }
}

/** A valid mainland ID number (GB 11643 check character) for test person `n` (0–999). */
export function testIdentity(n: number): string {
  const body = `110105199003${String(7 + (n % 20)).padStart(2, '0')}${String(n).padStart(3, '0')}`.slice(
    0,
    17,
  )
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0)
  return body + '10X98765432'[sum % 11]
}

/**
 * Verifies an entrant's real name through the API, as the verification screen would (it has its own
 * tests): a competition certificate names the verified person (README "Competition certificates").
 */
export async function verifyRealName(
  request: { post(url: string, options: object): Promise<{ json(): Promise<unknown> }> },
  account: string,
  password: string,
  name: string,
  identity: string,
): Promise<void> {
  const login = await request.post('/api/login', { data: { account, password, logInSource: 2 } })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const verified = await request.post('/api/my/realNameAuth', {
    headers: { authorization: token },
    data: {
      username: name,
      identityType: '1',
      identity,
      cityId: '320505',
      professional: '2',
      professionalName: '产品设计师',
      read: true,
    },
  })
  const answer = (await verified.json()) as { code: number; msg: string }
  if (answer.code !== 200) throw new Error(`real-name verification refused: ${answer.msg}`)
}
