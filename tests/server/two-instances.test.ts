import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAY_MSG } from '../../schemas/payment.ts'
import { DEFAULT_CERT_FEE_FEN } from '../../server/config.ts'
import { connect } from '../../server/db/connect.ts'
import { startChildServer } from '../support/child-server.ts'
import { callInstance, signInOn } from '../support/instance-api.ts'
import { startS3Server } from '../support/s3-server.ts'
import { tempDir } from '../support/temp-dir.ts'
import { DEMO } from '../support/test-app.ts'
import { createTestDatabase, onPostgres } from '../support/test-database.ts'
import { multipartFile } from '../support/uploads.ts'
import { insertUser } from '../support/users.ts'
import { VALID_REALNAME } from '../support/valid-forms.ts'

/**
 * Issue 25 item 5: two instances, as production runs them — real processes on one PostgreSQL database
 * and one S3-compatible store (started here), with one SECRETS_DIR and a DATA_DIR each, requests
 * alternating between A and B. Started together on the empty database, both come up. A scheduled
 * publication that outlives the instance it was scheduled on (killed): two-instances-publication.test.ts.
 */
const FEE = DEFAULT_CERT_FEE_FEN
const cleanups: Array<() => Promise<void> | void> = []
let a: Awaited<ReturnType<typeof startChildServer>>
let b: Awaited<ReturnType<typeof startChildServer>>
let databaseUrl = ''

async function withDb<T>(run: (db: ReturnType<typeof connect>) => Promise<T>): Promise<T> {
  const db = connect({ databaseUrl, dataDir: '' })
  try {
    return await run(db)
  } finally {
    await db.kysely.destroy()
  }
}

describe.runIf(onPostgres())('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    const database = await createTestDatabase()
    databaseUrl = database.databaseUrl
    cleanups.push(() => database.drop())
    const secrets = tempDir('secrets')
    const dirs = [tempDir('a'), tempDir('b')]
    cleanups.push(() => {
      for (const dir of [secrets, ...dirs]) fs.rmSync(dir, { recursive: true, force: true })
    })
    const s3 = await startS3Server()
    cleanups.push(() => s3.close())
    const env = { DATABASE_URL: databaseUrl, SECRETS_DIR: secrets, SEED_DEMO: '1', ...s3.env }
    // Started at the same moment on the empty database: migrations, seeding and the first keys in turn.
    ;[a, b] = await Promise.all([
      startChildServer({ ...env, DATA_DIR: dirs[0]! }),
      startChildServer({ ...env, DATA_DIR: dirs[1]! }),
    ])
    cleanups.push(a.cleanup, b.cleanup)
  }, 120_000)
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('both came up on the empty database with one set of keys, recorded once', async () => {
    for (const port of [a.port, b.port]) expect((await callInstance(port, '/api/ready')).status).toBe(200)
    const names = await withDb((db) =>
      db.kysely.selectFrom('key_fingerprints').select('name').orderBy('name').execute(),
    )
    expect(names.map((n) => n.name)).toEqual([
      'identity',
      'notary-tsa',
      'payment-sandbox',
      'signing',
      'wechat-sandbox',
    ])
  })

  it('signs in on A and is known on B; logging out on B ends the session on A', async () => {
    const token = await signInOn(a.port, DEMO.designer)
    expect((await callInstance(b.port, '/api/my/getUserBase', undefined, token)).body.code).toBe(200)
    expect((await callInstance(b.port, '/api/logout', {}, token)).body.code).toBe(200)
    expect((await callInstance(a.port, '/api/my/getUserBase', undefined, token)).body.code).toBe(403)
  })

  it('counts sign-in failures across both: the sixth attempt is refused wherever it arrives', async () => {
    await withDb((db) => insertUser({ db }, '13930000001', DEMO.password))
    for (let i = 0; i < 5; i++) {
      const port = i % 2 ? b.port : a.port
      const wrong = await callInstance(port, '/api/login', {
        account: '13930000001',
        password: 'Wrong2026!',
        logInSource: 2,
      })
      expect(wrong.body.code).not.toBe(200)
    }
    const sixth = await callInstance(b.port, '/api/login', {
      account: '13930000001',
      password: DEMO.password,
      logInSource: 2,
    })
    expect(sixth.body.msg).toMatch(/^登录失败次数过多，请\d+分钟后再试$/)
  })

  it('refuses on B, for another account, a passport verified on A, and reads the identity on both', async () => {
    const passport = {
      ...VALID_REALNAME,
      identityType: '2',
      identity: 'E98765432',
      gender: '2',
      birthday: '1992-05-01',
    }
    await withDb(async (db) => {
      await insertUser({ db }, '13930000003', DEMO.password)
      await insertUser({ db }, '13930000004', DEMO.password)
    })
    const first = await signInOn(a.port, '13930000003')
    expect((await callInstance(a.port, '/api/my/realNameAuth', passport, first)).body.code).toBe(200)
    // Sealed on A, read on B: one identity key for both.
    const readOnB = await callInstance(b.port, '/api/my/getRealNameBo', undefined, first)
    expect([readOnB.status, readOnB.body.code]).toEqual([200, 200])
    expect(readOnB.body.data).toMatchObject({ identity: 'E******32', identityTypeLabel: '护照' })
    const second = await signInOn(b.port, '13930000004')
    const again = await callInstance(b.port, '/api/my/realNameAuth', passport, second)
    expect(again.body).toEqual({ code: 400, msg: '该证件已被其他账号实名认证，一个身份只能认证一个账号' })
    // The demo designer, verified when the database was seeded, reads on both.
    const designer = await signInOn(b.port, DEMO.designer)
    for (const port of [a.port, b.port]) {
      const mine = await callInstance(port, '/api/my/getRealNameBo', undefined, designer)
      expect([mine.status, mine.body.code]).toEqual([200, 200])
      expect(mine.body.data?.identity).toMatch(/\*{4,}/)
    }
  })

  it('lets exactly 3 of 50 concurrent balance payments through, spread over A and B, for a balance that covers 3', async () => {
    const account = '13930000002'
    await withDb(async (db) => {
      await insertUser({ db }, account, DEMO.password)
      await db.kysely
        .updateTable('users')
        .set({ money_fen: FEE * 3 + FEE - 1 })
        .where('account', '=', account)
        .execute()
    })
    const token = await signInOn(a.port, account)
    const verified = await callInstance(
      b.port,
      '/api/my/realNameAuth',
      { ...VALID_REALNAME, identity: '110105199003079011' },
      token,
    )
    expect(verified.body.code).toBe(200)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callInstance(i % 2 ? b.port : a.port, '/api/my/approve/4', {}, token),
      ),
    )
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(3)
    expect(
      answers.filter((r) => r.body.code === 400 && r.body.msg === PAY_MSG.balanceInsufficient),
    ).toHaveLength(47)
    const left = await withDb((db) =>
      db.kysely
        .selectFrom('users')
        .select('money_fen')
        .where('account', '=', account)
        .executeTakeFirstOrThrow(),
    )
    expect(left.money_fen).toBe(FEE - 1)
  })

  it('downloads from B a file uploaded on A, to its owner only', async () => {
    const token = await signInOn(a.port, DEMO.designer)
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)])
    const { payload, headers } = multipartFile('方案.pdf', bytes, 'application/pdf')
    const uploaded = await fetch(`http://127.0.0.1:${a.port}/api/common/upload`, {
      method: 'POST',
      headers: { ...headers, authorization: token },
      body: payload,
    }).then((r) => r.json() as Promise<{ code: number; data: { url: string } }>)
    expect(uploaded.code).toBe(200)
    const name = uploaded.data.url.split('/').pop()!
    const fromB = await fetch(`http://127.0.0.1:${b.port}/api/files/${name}`, {
      headers: { authorization: token },
    })
    expect(fromB.status).toBe(200)
    expect(Buffer.from(await fromB.arrayBuffer()).equals(bytes)).toBe(true)
    // Private still: another account, and nobody, get what a missing file gets.
    const other = await signInOn(b.port, DEMO.newcomer)
    for (const authorization of [other, '']) {
      const refused = await fetch(`http://127.0.0.1:${b.port}/api/files/${name}`, {
        headers: authorization ? { authorization } : {},
      })
      expect((await refused.json()) as object).toEqual({ code: 404, msg: '文件不存在' })
    }
  })
  it('serves from B the certificate PDF A drew: kept in the store, not drawn again', async () => {
    const number = await withDb(async (db) =>
      String(
        (
          await db.kysely
            .selectFrom('certifications')
            .select('number')
            .orderBy('number')
            .executeTakeFirstOrThrow()
        ).number,
      ),
    )
    // Both behind one front, as in production: the same Host, so the same verification address.
    const pdfOn = (port: number) =>
      new Promise<Buffer>((resolve, reject) => {
        http
          .get(
            {
              port,
              host: '127.0.0.1',
              path: `/api/certificate/${number}/pdf`,
              headers: { host: 'www.kabu.test' },
            },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('end', () =>
                res.statusCode === 200
                  ? resolve(Buffer.concat(chunks))
                  : reject(new Error(`HTTP ${res.statusCode}`)),
              )
            },
          )
          .on('error', reject)
      })
    const fromA = await pdfOn(a.port)
    expect(fromA.subarray(0, 5).toString()).toBe('%PDF-')
    // Drawn again, a PDF would differ by its creation date (to the second): the same bytes a second
    // later are the file A kept.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await pdfOn(b.port)).equals(fromA)).toBe(true)
    const kept = fs.readdirSync(path.join(b.dataDir, 'designer-certificates'))
    expect(kept.filter((name) => name.startsWith(`${number}-`))).toHaveLength(1)
  })

  it('makes an export asked for through A on whichever instance takes it, and B downloads it', async () => {
    // The demo admin administers every competition; 1 is a demo competition.
    const token = await signInOn(a.port, '13800000010')
    const competitionId = await withDb(async (db) =>
      Number(
        (await db.kysely.selectFrom('competitions').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      ),
    )
    const asked = await callInstance(
      a.port,
      `/api/manage/competitions/${competitionId}/exports`,
      { kind: 'entries.xlsx' },
      token,
    )
    expect(asked.body.code).toBe(200)
    const id = Number(asked.body.data?.id)
    // A second request through B while it is queued or made: one per account across both.
    const again = await callInstance(
      b.port,
      `/api/manage/competitions/${competitionId}/exports`,
      { kind: 'works.zip' },
      token,
    )
    expect(again.body).toEqual({ code: 429, msg: '你已有一个导出正在进行，请等它完成后再试' })
    const deadline = Date.now() + 30_000
    let status = ''
    while (status !== 'ready' && Date.now() < deadline) {
      const list = await callInstance(
        b.port,
        `/api/manage/competitions/${competitionId}/exports`,
        undefined,
        token,
      )
      status = String(
        (list.body.data as unknown as Array<{ id: number; status: string }>).find((f) => f.id === id)?.status,
      )
      if (status !== 'ready') await new Promise((r) => setTimeout(r, 200))
    }
    expect(status).toBe('ready')
    for (const port of [b.port, a.port]) {
      const file = await fetch(
        `http://127.0.0.1:${port}/api/manage/competitions/${competitionId}/exports/${id}/file`,
        {
          headers: { authorization: token },
        },
      )
      expect(file.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 2)
          .toString('latin1'),
      ).toBe('PK')
    }
  })
})
