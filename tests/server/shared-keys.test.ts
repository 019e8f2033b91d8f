import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { connect } from '../../server/db/connect.ts'
import { startChildServer } from '../support/child-server.ts'
import { callInstance, signInOn } from '../support/instance-api.ts'
import { tempDir } from '../support/temp-dir.ts'
import { DEMO } from '../support/test-app.ts'
import { createTestDatabase, onPostgres } from '../support/test-database.ts'
import { insertUser } from '../support/users.ts'
import { VALID_REALNAME } from '../support/valid-forms.ts'

/**
 * Issue 25 item 1: every instance on one database uses the same keys, and one that does not refuses
 * to start. Before this, a second instance with its own DATA_DIR made its own identity key: reading a
 * verified identity there answered 500, and a passport verified on one instance was accepted again for
 * another account on the other ("one identity, one account" broke). Real processes, as instances are.
 */
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function server(env: Record<string, string>) {
  const started = await startChildServer({ SEED_DEMO: '1', ...env })
  cleanups.push(started.cleanup)
  return started
}

/** How a start that must fail fails: the message the server printed before exiting. */
async function refusal(env: Record<string, string>): Promise<string> {
  try {
    const started = await server(env)
    return `started on port ${started.port}`
  } catch (error) {
    return (error as Error).message
  }
}

function dir(label: string): string {
  const made = tempDir(label)
  cleanups.push(() => fs.rmSync(made, { recursive: true, force: true }))
  return made
}

const key = () => randomBytes(32).toString('hex')

// Each test starts the server process, the first start seeding the demo data: 17 s of a quiet
// whole-suite run, over the project's 30 s on a loaded machine.
describe('keys shared by every instance on one database', { timeout: 120_000 }, () => {
  it('refuses to start with an identity key other than the one the database was set up with, naming the key and what to do', async () => {
    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    const dataDir = dir('keys')
    const first = await server({ DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl })
    first.child.kill('SIGTERM')
    await first.exited
    const message = await refusal({
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
      IDENTITY_KEY: key(),
    })
    expect(message).toContain('server exited with code 1 while starting')
    expect(message).toContain('identity key from IDENTITY_KEY')
    expect(message).toContain('is not the key this database was set up with')
    expect(message).toContain('README "Production"')
    // The key itself never reaches the output.
    expect(message).not.toMatch(/[0-9a-f]{64}/)
  })

  it('refuses a key that is not 64 hex characters instead of using part of it', async () => {
    const message = await refusal({ DATA_DIR: dir('short-key'), IDENTITY_KEY: 'abc123' })
    expect(message).toContain('IDENTITY_KEY must be 64 hex characters (32 bytes)')
  })

  it.runIf(onPostgres())(
    'refuses a second instance with its own DATA_DIR and no keys, and makes no key of its own',
    async () => {
      const database = await createTestDatabase()
      cleanups.push(() => database.drop())
      await server({ DATA_DIR: dir('a'), DATABASE_URL: database.databaseUrl })
      const bDir = dir('b')
      const message = await refusal({ DATA_DIR: bDir, DATABASE_URL: database.databaseUrl })
      expect(message).toContain('this database was set up with an identity key')
      expect(message).toContain(`put the first instance's identity.key in ${path.join(bDir, 'secrets')}`)
      expect(fs.existsSync(path.join(bDir, 'secrets', 'identity.key'))).toBe(false)
    },
  )

  it.runIf(onPostgres())(
    'with one SECRETS_DIR, reads on B the identities sealed on A and refuses on B a passport verified on A',
    async () => {
      const database = await createTestDatabase()
      cleanups.push(() => database.drop())
      const secrets = dir('secrets')
      const a = await server({ DATA_DIR: dir('a'), SECRETS_DIR: secrets, DATABASE_URL: database.databaseUrl })
      const b = await server({ DATA_DIR: dir('b'), SECRETS_DIR: secrets, DATABASE_URL: database.databaseUrl })
      // The demo designer's identity was sealed by A's start (the seed); B opens it.
      const seen = await callInstance(
        b.port,
        '/api/my/getRealNameBo',
        undefined,
        await signInOn(b.port, DEMO.designer),
      )
      expect(seen.status).toBe(200)
      expect(seen.body.data).toMatchObject({ verified: true })
      expect(seen.body.data?.identity).toMatch(/^\d{2}\*+\d{3}[\dX]$/)

      const db = connect({ databaseUrl: database.databaseUrl, dataDir: dir('unused') })
      try {
        await insertUser({ db }, '13920000001', DEMO.password)
        await insertUser({ db }, '13920000002', DEMO.password)
      } finally {
        await db.kysely.destroy()
      }
      const passport = {
        ...VALID_REALNAME,
        username: '林晓',
        identityType: '2',
        identity: 'E55501234',
        gender: '2',
        birthday: '1992-05-01',
      }
      const onA = await callInstance(
        a.port,
        '/api/my/realNameAuth',
        passport,
        await signInOn(a.port, '13920000001'),
      )
      expect(onA.body.code).toBe(200)
      const onB = await callInstance(
        b.port,
        '/api/my/realNameAuth',
        passport,
        await signInOn(b.port, '13920000002'),
      )
      expect(onB.body).toEqual({ code: 400, msg: '该证件已被其他账号实名认证，一个身份只能认证一个账号' })
    },
  )
})
