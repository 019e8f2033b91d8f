import { describe, expect, it } from 'vitest'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'
import { VALID_REALNAME } from '../support/valid-forms.ts'

const t = useTestApp()

const valid = { ...VALID_REALNAME, username: '林晓' }

async function newUser(account: string): Promise<string> {
  await insertUser(t.server.app, account, DEMO.password)
  return t.api.login(account)
}

describe('real-name verification', () => {
  it('requires a live token', async () => {
    expect((await t.api.post('/api/my/realNameAuth', valid)).code).toBe(403)
    expect((await t.api.get('/api/my/getRealNameBo')).code).toBe(403)
  })

  it('reports a new user as not verified, then verifies them with the number masked', async () => {
    const token = await t.api.login(DEMO.newcomer)
    expect((await t.api.get('/api/my/getRealNameBo', token)).data).toEqual({ verified: false })
    const body = await t.api.post('/api/my/realNameAuth', valid, token)
    expect(body.code).toBe(200)
    expect(body.data).toMatchObject({
      verified: true,
      username: '林晓',
      identityType: '1',
      identityTypeLabel: '居民身份证',
      identity: '11************123X',
      cityNames: ['江苏省', '苏州市', '虎丘区'],
      professionalLabel: '产品设计',
      rightsEligible: true,
    })
    const again = (await t.api.get('/api/my/getRealNameBo', token)).data
    expect(again.identity).toBe('11************123X')
    expect(JSON.stringify(again)).not.toContain('11010519900307123')
  })

  it('never stores the number in clear', async () => {
    const rows = await t.server.app.db.kysely.selectFrom('realname_auths').selectAll().execute()
    // The digest is hex, where 15 decimal digits in a row turn up by chance (~4% of keys).
    for (const { identity_digest, ...row } of rows) {
      expect(identity_digest).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(row)).not.toMatch(/\d{15,}/)
    }
  })

  it('cannot be changed after submitting', async () => {
    const token = await t.api.login(DEMO.newcomer)
    const body = await t.api.post(
      '/api/my/realNameAuth',
      { ...valid, username: '林小', identity: '110105199003071250' },
      token,
    )
    expect(body).toEqual({ code: 400, msg: '实名信息提交后不可修改' })
  })

  it('binds one identity to one account, whatever the case of the check letter', async () => {
    const token = await newUser('13900000003')
    const body = await t.api.post('/api/my/realNameAuth', { ...valid, identity: '11010519900307123X' }, token)
    expect(body).toEqual({ code: 400, msg: '该证件已被其他账号实名认证，一个身份只能认证一个账号' })
  })

  it('gives one of several accounts racing for one identity the verification, the rest the message a later one gets', async () => {
    const identity = {
      ...valid,
      identityType: '2',
      identity: 'E98765432',
      gender: '2',
      birthday: '1992-05-01',
    }
    const tokens = await Promise.all(
      Array.from({ length: 8 }, (_, i) => newUser(`1391000${String(i).padStart(4, '0')}`)),
    )
    const answers = await Promise.all(
      tokens.map((token) => t.api.post('/api/my/realNameAuth', identity, token)),
    )
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.code !== 200)).toEqual(
      Array.from({ length: 7 }, () => ({
        code: 400,
        msg: '该证件已被其他账号实名认证，一个身份只能认证一个账号',
      })),
    )
  })

  it('marks only mainland ID holders eligible for rights confirmation', async () => {
    const token = await newUser('13900000004')
    const body = await t.api.post(
      '/api/my/realNameAuth',
      { ...valid, identityType: '2', identity: 'E12345678', gender: '2', birthday: '1992-05-01' },
      token,
    )
    expect(body.code).toBe(200)
    expect(body.data).toMatchObject({
      rightsEligible: false,
      identityTypeLabel: '护照',
      identity: 'E******78',
    })
  })

  it('refuses a region that is not a leaf and a profession not in the dictionary', async () => {
    const token = await newUser('13900000005')
    expect(
      await t.api.post(
        '/api/my/realNameAuth',
        { ...valid, identity: '110105199101011237', cityId: '320500' },
        token,
      ),
    ).toEqual({
      code: 400,
      msg: '请选择有效的所在城市',
    })
    expect(
      await t.api.post(
        '/api/my/realNameAuth',
        { ...valid, identity: '110105199101011237', professional: '99' },
        token,
      ),
    ).toEqual({
      code: 400,
      msg: '请选择有效的专业',
    })
  })

  it('shows the seeded designer as verified', async () => {
    const token = await t.api.login(DEMO.designer)
    expect((await t.api.get('/api/my/getRealNameBo', token)).data).toMatchObject({
      verified: true,
      username: '陈思远',
      rightsEligible: true,
    })
  })
})
