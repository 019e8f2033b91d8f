import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, type Db } from '../../server/db/connect.ts'
import { migrate } from '../../server/db/migrate.ts'
import { hashPassword } from '../../server/lib/passwords.ts'
import { NODE, root } from '../support/child-server.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { judgingRoot } from '../support/judging.ts'
import { createTestDatabase } from '../support/test-database.ts'

/**
 * `npm run grant` (server/grant-cli.ts) as an operator runs it: Node 24 in a child process on a
 * temporary DATA_DIR (or, under TEST_DB=postgres, its own PostgreSQL database), with the fixture
 * competitions as DEFINITIONS_ROOT; the role and the audit row are read back from the database.
 */
const ACCOUNT = '13900000401'
let db: Db
let database: Awaited<ReturnType<typeof createTestDatabase>>
let definitions: string
let userId = 0

beforeAll(async () => {
  database = await createTestDatabase()
  // The fixtures with judging rounds: a judge's --round must be one its competition names.
  definitions = judgingRoot()
  db = connect({ dataDir: database.dataDir, databaseUrl: database.databaseUrl })
  await migrate(db)
  const row = await db.kysely
    .insertInto('users')
    .values({
      account: ACCOUNT,
      email: null,
      password_hash: await hashPassword('Kabu2026!'),
      username: '命令行测试',
      nickname: null,
      profile_photo: null,
      money_fen: 0,
      integral: 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  userId = row.id
})
afterAll(async () => {
  await db.kysely.destroy()
  await database.drop()
  fs.rmSync(definitions, { recursive: true, force: true })
})

async function grant(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(NODE, ['server/grant-cli.ts', ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        DEFINITIONS_ROOT: definitions,
        LOG_LEVEL: 'silent',
      },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

const roles = () =>
  db.kysely.selectFrom('staff_roles').selectAll().where('user_id', '=', userId).orderBy('id').execute()
const audit = () =>
  db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', String(userId))
    .orderBy('id')
    .execute()

describe('npm run grant', () => {
  const id = FIXTURE_IDS['fee-default']

  it('grants a role of a competition named by its slug, and records it with no actor', async () => {
    const run = await grant(ACCOUNT, 'judge', 'fee-default')
    expect(run).toMatchObject({ code: 0 })
    expect(run.stdout).toContain(`granted: ${ACCOUNT} (命令行测试) is now judge of fee-default (#${id}`)
    expect(await roles()).toMatchObject([
      { role: 'judge', competition_id: id, round_id: null, granted_by: null },
    ])
    const [entry] = await audit()
    expect(entry).toMatchObject({
      actor_id: null,
      action: 'role.grant',
      target_type: 'user',
      competition_id: id,
    })
    expect(JSON.parse(entry!.detail)).toEqual({
      via: 'cli',
      before: null,
      after: { role: 'judge', competitionId: id, roundId: null },
    })
  })

  it('takes the numeric id too, and a second grant changes nothing', async () => {
    const run = await grant(ACCOUNT, 'judge', String(id))
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('unchanged:')
    expect(await roles()).toHaveLength(1)
    expect(await audit()).toHaveLength(1)
  })

  it('grants admin without a competition and a judge of one round', async () => {
    expect((await grant(ACCOUNT, 'admin')).stdout).toContain('is now admin')
    const unknown = await grant(ACCOUNT, 'judge', 'qt2025', '--round', 'final')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('该赛事没有评审轮次 final：可选 qualify')
    const run = await grant(ACCOUNT, 'judge', 'qt2025', '--round', 'qualify')
    expect(run.stdout).toContain(`is now judge of qt2025 (#${FIXTURE_IDS.qt2025}`)
    expect(run.stdout).toContain('round qualify')
    expect((await roles()).map((r) => [r.role, r.competition_id, r.round_id])).toEqual([
      ['judge', id, null],
      ['admin', null, null],
      ['judge', FIXTURE_IDS.qt2025, 'qualify'],
    ])
    const listed = await grant('--list')
    expect(listed.stdout).toContain(`${ACCOUNT}  命令行测试  admin`)
  })

  it('exits non-zero with a clear message on an unknown account, role or competition', async () => {
    const before = (await audit()).length
    const account = await grant('13900000499', 'judge', 'fee-default')
    expect(account.code).toBe(1)
    expect(account.stderr).toContain('没有这个账号：13900000499')
    const competition = await grant(ACCOUNT, 'judge', 'no-such-competition')
    expect(competition.code).toBe(1)
    expect(competition.stderr).toContain('没有这个赛事：no-such-competition')
    const role = await grant(ACCOUNT, 'superuser')
    expect(role.code).toBe(2)
    expect(role.stderr).toContain('unknown role "superuser"')
    const missing = await grant(ACCOUNT, 'organiser')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('组织者和评委须指定赛事')
    expect(await audit()).toHaveLength(before)
  })

  it('--revoke takes a role away and records what was held; a role not held is refused', async () => {
    const run = await grant('--revoke', ACCOUNT, 'judge', 'fee-default')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`revoked: ${ACCOUNT} (命令行测试) is no longer judge of fee-default`)
    expect((await roles()).map((r) => r.role)).toEqual(['admin', 'judge'])
    const last = (await audit()).at(-1)!
    expect(last).toMatchObject({ actor_id: null, action: 'role.revoke', competition_id: id })
    expect(JSON.parse(last.detail)).toMatchObject({
      via: 'cli',
      before: { role: 'judge', grantedBy: null },
      after: null,
    })
    const again = await grant('--revoke', ACCOUNT, 'judge', 'fee-default')
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('该账号没有这个角色')
  })
})
