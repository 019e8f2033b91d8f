import path from 'node:path'
import Database from 'better-sqlite3'
import { readSecretKey } from '../../server/lib/secret-file.ts'
import { IdentityVault, maskIdentity } from '../../server/services/identity-vault.ts'
import { e2eDataDir } from './page.ts'

/**
 * Entries in states the workspace tests start from, written straight into the e2e server's database
 * (the forms that make them have their own tests in competition-entry.test.ts).
 */
function withDatabase<T>(run: (db: Database.Database) => T): T {
  const db = new Database(path.join(e2eDataDir(), 'kabu.db'))
  try {
    return run(db)
  } finally {
    db.close()
  }
}

/** Every step of work `workId` saved, so the entry can be submitted (a free competition). */
export function completeWork(workId: number): void {
  const file = JSON.stringify([{ fileUrl: `/api/files/${'a'.repeat(64)}.png`, fileOgName: 'board.png' }])
  withDatabase((db) =>
    db
      .prepare(
        `update competition_works set info = ?, adviser = ?, property_right = ?, display_board = ? where id = ?`,
      )
      .run(
        JSON.stringify({ designConcept: '一盏可以折叠收纳的台灯' }),
        JSON.stringify({ advisers: [] }),
        file,
        file,
        workId,
      ),
  )
}

/** Sets when work `workId` was last changed (to check how the time is shown). */
export function setWorkUpdated(workId: number, iso: string): void {
  withDatabase((db) =>
    db.prepare('update competition_works set updated_at = ? where id = ?').run(iso, workId),
  )
}

/** A valid 18-character ID number of someone born 1990-01-01 in 苏州, distinct for each account. */
function idNumberFor(account: string): string {
  const body = `32050519900101${account.slice(-3)}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0)
  return body + '10X98765432'[sum % 11]
}

/**
 * A verified real name for `account` (the verification itself is tested in realname.test.ts), its
 * number sealed with the e2e server's own key, as the server would: the home page opens it to show
 * the masked number.
 */
export function verifyRealName(account: string, realName: string): void {
  const vault = new IdentityVault(
    readSecretKey(
      { envVar: 'IDENTITY_KEY', file: path.join(e2eDataDir(), 'secrets', 'identity.key') },
      undefined,
      { create: false },
    ),
  )
  const number = idNumberFor(account)
  withDatabase((db) => {
    const { id } = db.prepare('select id from users where account = ?').get(account) as { id: number }
    db.prepare(
      `insert into realname_auths (user_id, username, identity_type, identity_digest, identity_sealed,
         identity_masked, gender, birthday, city_id, professional, professional_name, rights_eligible, created_at)
       values (?, ?, '1', ?, ?, ?, null, null, '320505', '1', '工业设计', 1, ?)`,
    ).run(
      id,
      realName,
      vault.digest('1', number),
      vault.seal(number),
      maskIdentity(number),
      new Date().toISOString(),
    )
  })
}

/** How many drafts `account` has on the server. */
export function draftCount(account: string): number {
  return withDatabase((db) => {
    const row = db
      .prepare(
        `select count(*) as n from competition_drafts d join users u on u.id = d.user_id where u.account = ?`,
      )
      .get(account) as { n: number }
    return row.n
  })
}
