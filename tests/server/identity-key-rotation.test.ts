import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NODE, root, startChildServer } from '../support/child-server.ts'
import { callInstance, signInOn } from '../support/instance-api.ts'
import { tempDir } from '../support/temp-dir.ts'
import { DEMO } from '../support/test-app.ts'
import { createTestDatabase } from '../support/test-database.ts'
import { VALID_REALNAME } from '../support/valid-forms.ts'

/** The demo designer's identity number (server/db/seed/demo-users.ts): fictional, valid check digit. */
const DEMO_DESIGNER_IDENTITY = '320505199003071234'

/**
 * Issue 25 item 1: the identity key can be rotated (README "Production: rotating the identity key"):
 * `npm run rotate-identity-key` re-seals every identity under the new key with the instances stopped;
 * the instances then start on the new key, read every identity and still keep one identity to one
 * account, and the old key no longer starts an instance.
 */
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function designerIdentity(port: number) {
  return callInstance(port, '/api/my/getRealNameBo', undefined, await signInOn(port, DEMO.designer))
}

function rotate(env: Record<string, string>) {
  return spawnSync(NODE, ['server/rotate-identity-key-cli.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  })
}

describe('rotating the identity key', () => {
  it('re-seals every identity; the instances read them with the new key, and the old key no longer starts one', async () => {
    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    const dataDir = tempDir('rotate')
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl, SEED_DEMO: '1' }
    const first = await startChildServer(env)
    cleanups.push(first.cleanup)
    const before = await designerIdentity(first.port)
    expect(before.body.data?.verified).toBe(true)
    first.child.kill('SIGTERM')
    await first.exited

    const keyFile = path.join(dataDir, 'secrets', 'identity.key')
    const oldKey = fs.readFileSync(keyFile, 'utf8').trim()
    const newKey = randomBytes(32).toString('hex')
    // A wrong current key changes nothing.
    const refused = rotate({
      ...env,
      IDENTITY_KEY: randomBytes(32).toString('hex'),
      NEW_IDENTITY_KEY: newKey,
    })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('identity key not rotated')
    expect(refused.stderr).toContain('is not the key this database was set up with')

    const done = rotate({ ...env, NEW_IDENTITY_KEY: newKey })
    expect(done.stderr).toBe('')
    expect(done.status).toBe(0)
    expect(done.stdout).toMatch(/re-sealed [1-9]\d* identities under the new identity key/)
    // Neither key is printed; the file now holds the new key and the old one is kept beside it.
    expect(done.stdout).not.toContain(newKey)
    expect(done.stdout).not.toContain(oldKey)
    expect(fs.readFileSync(keyFile, 'utf8').trim()).toBe(newKey)
    const kept = fs.readdirSync(path.dirname(keyFile)).filter((f) => f.startsWith('identity.key.replaced-'))
    expect(kept).toHaveLength(1)
    expect(fs.readFileSync(path.join(path.dirname(keyFile), kept[0]!), 'utf8').trim()).toBe(oldKey)

    const second = await startChildServer(env)
    cleanups.push(second.cleanup)
    const after = await designerIdentity(second.port)
    expect(after.status).toBe(200)
    expect(after.body.data).toEqual(before.body.data)
    // The digests moved too: the demo designer's identity still binds one account only.
    const again = await callInstance(
      second.port,
      '/api/my/realNameAuth',
      { ...VALID_REALNAME, identity: DEMO_DESIGNER_IDENTITY },
      await signInOn(second.port, DEMO.newcomer),
    )
    expect(again.body).toEqual({ code: 400, msg: '该证件已被其他账号实名认证，一个身份只能认证一个账号' })
    second.child.kill('SIGTERM')
    await second.exited

    const withOld = await startChildServer({ ...env, IDENTITY_KEY: oldKey }).then(
      (s) => {
        cleanups.push(s.cleanup)
        return 'started'
      },
      (error: Error) => error.message,
    )
    expect(withOld).toContain('is not the key this database was set up with')
    // Three instances and two runs of the command, each a process that loads the server: 26 s of a
    // whole-suite run on two cores, over the project's 30 s in a busy stretch.
  }, 120_000)
})
