import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../schemas/formats.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()
const PASSWORD = 'Newcomer2026!'
const WRONG_CODE = '验证码错误或已过期'

let serial = 0
const newPhone = () => `1370000${String(++serial).padStart(4, '0')}`

/** The last message the sandbox queued for a phone or an email address. */
async function lastMessage(to: string): Promise<string | undefined> {
  const k = t.server.app.db.kysely
  const row = to.includes('@')
    ? await k
        .selectFrom('email_outbox')
        .select('body')
        .where('email', '=', to)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    : await k
        .selectFrom('sms_outbox')
        .select('body')
        .where('phone', '=', to)
        .orderBy('id', 'desc')
        .executeTakeFirst()
  return row?.body
}
const codeIn = (body: string | undefined) => body?.match(/\d{6}/)?.[0]

const form = (account: string, code: string, extra: Record<string, unknown> = {}) => ({
  account,
  code,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  read: true,
  ...extra,
})

describe('sign-up (issue 9 item 2)', () => {
  it('signs up by phone with the SMS code, signs in at once, and the account can sign in again', async () => {
    const phone = newPhone()
    expect(await t.api.post('/api/register/sendCode', { account: phone })).toEqual({
      code: 200,
      msg: '验证码已发送',
    })
    const code = codeIn(await lastMessage(phone)) as string
    const done = await t.api.post('/api/register', form(phone, code))
    expect(done).toMatchObject({ code: 200, msg: '注册成功' })
    expect((await t.api.get('/api/my/getUserBase', done.data.token)).data).toMatchObject({
      username: `用户${phone.slice(-4)}`,
      // Issue 22 item 7: the sign-up's session is the account's first, so the home page welcomes.
      firstSignIn: true,
    })
    const again = await t.api.login(phone, PASSWORD)
    expect(again).toMatch(/.{20,}/)
    // A returning sign-in is welcomed back.
    expect((await t.api.get('/api/my/getUserBase', again)).data.firstSignIn).toBe(false)
  })

  it('signs up by email with the e-mailed code; the address signs in', async () => {
    const email = `newcomer${++serial}@kabu.example`
    await t.api.post('/api/register/sendCode', { account: email })
    const code = codeIn(await lastMessage(email)) as string
    expect((await t.api.post('/api/register', form(email, code))).code).toBe(200)
    expect(await t.api.login(email, PASSWORD)).toMatch(/.{20,}/)
  })

  it('answers an existing account exactly like a new one, and its owner gets a notice, not a code', async () => {
    const fresh = await t.server.app.inject({
      method: 'POST',
      url: '/api/register/sendCode',
      payload: { account: newPhone() },
    })
    const taken = await t.server.app.inject({
      method: 'POST',
      url: '/api/register/sendCode',
      payload: { account: DEMO.designer },
    })
    expect(taken.statusCode).toBe(fresh.statusCode)
    expect(taken.body).toBe(fresh.body)
    const notice = await lastMessage(DEMO.designer)
    expect(notice).toContain('请直接登录')
    expect(codeIn(notice)).toBeUndefined()
    // Any code then fails like a wrong one: nothing tells the account exists.
    expect(await t.api.post('/api/register', form(DEMO.designer, '123456'))).toEqual({
      code: 400,
      msg: WRONG_CODE,
    })
  })

  it('spends a code once, even when five sign-ups race with it', async () => {
    const phone = newPhone()
    await t.api.post('/api/register/sendCode', { account: phone })
    const code = codeIn(await lastMessage(phone)) as string
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.api.post('/api/register', form(phone, code))),
    )
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.code === 400)).toHaveLength(4)
    const accounts = await t.server.app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('account', '=', phone)
      .execute()
    expect(accounts).toHaveLength(1)
  })

  it('limits codes to one a minute per recipient, refuses expired codes and stops after 5 wrong guesses', async () => {
    const phone = newPhone()
    await t.api.post('/api/register/sendCode', { account: phone })
    expect(await t.api.post('/api/register/sendCode', { account: phone })).toEqual({
      code: 429,
      msg: '验证码发送过于频繁，请1分钟后再试',
    })
    const code = codeIn(await lastMessage(phone)) as string
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
      expect((await t.api.post('/api/register', form(phone, wrong))).msg).toBe(WRONG_CODE)
    }
    expect(await t.api.post('/api/register', form(phone, code))).toEqual({ code: 400, msg: WRONG_CODE })

    const late = newPhone()
    await t.api.post('/api/register/sendCode', { account: late })
    await t.server.app.db.kysely
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('recipient', '=', late)
      .execute()
    expect(await t.api.post('/api/register', form(late, codeIn(await lastMessage(late)) as string))).toEqual({
      code: 400,
      msg: WRONG_CODE,
    })
  })

  it('validates with the §5 rules and the agreement', async () => {
    expect(await t.api.post('/api/register/sendCode', { account: '12345' })).toEqual({
      code: 400,
      msg: MESSAGES.phoneOrEmailInvalid,
    })
    const phone = newPhone()
    expect(
      await t.api.post(
        '/api/register',
        form(phone, '123456', { password: 'abcdefgh', confirmPassword: 'abcdefgh' }),
      ),
    ).toEqual({
      code: 400,
      msg: MESSAGES.passwordInvalid,
    })
    expect(await t.api.post('/api/register', form(phone, '123456', { read: false }))).toEqual({
      code: 400,
      msg: MESSAGES.agreementRequired,
    })
  })

  it('records who invited a new designer', async () => {
    const designer = await t.api.login(DEMO.designer)
    const invite = (await t.api.get('/api/my/getInviteInfo', designer)).data
    expect(invite.inviteCode).toMatch(/^[A-Z2-9]{8}$/)
    expect(invite.inviteUrl).toContain(`/login?tab=register&invite=${invite.inviteCode}`)
    const phone = newPhone()
    await t.api.post('/api/register/sendCode', { account: phone })
    const code = codeIn(await lastMessage(phone)) as string
    expect(await t.api.post('/api/register', form(phone, code, { inviteCode: 'ZZZZZZZZ' }))).toEqual({
      code: 400,
      msg: '邀请码不存在，请核对或留空',
    })
    expect(
      (await t.api.post('/api/register', form(phone, code, { inviteCode: invite.inviteCode.toLowerCase() })))
        .code,
    ).toBe(200)
    const after = (await t.api.get('/api/my/getInviteInfo', designer)).data
    expect(after).toMatchObject({ inviteCode: invite.inviteCode, invitedCount: 1 })
    expect(after.invited[0].username).toBe(`用***${phone.slice(-2)}`)
  })
})

describe('settings: nickname and password change', () => {
  it('saves a nickname the header then reads', async () => {
    const token = await t.api.login(DEMO.newcomer)
    expect((await t.api.post('/api/my/updateProfile', { nickname: '晓设计' }, token)).code).toBe(200)
    expect((await t.api.get('/api/my/getUserBase', token)).data.nickname).toBe('晓设计')
    expect(await t.api.post('/api/my/updateProfile', { nickname: '晓' }, token)).toEqual({
      code: 400,
      msg: '昵称为2-20个字',
    })
  })

  it('changes the password with the current one; other sign-ins end, this one stays', async () => {
    const phone = newPhone()
    await t.api.post('/api/register/sendCode', { account: phone })
    const here = (await t.api.post('/api/register', form(phone, codeIn(await lastMessage(phone)) as string)))
      .data.token
    const elsewhere = await t.api.login(phone, PASSWORD)
    expect(
      await t.api.post(
        '/api/my/changePassword',
        { oldPassword: 'Wrong2026!', password: 'Changed2026!', confirmPassword: 'Changed2026!' },
        here,
      ),
    ).toEqual({ code: 400, msg: '当前密码错误' })
    expect(
      (
        await t.api.post(
          '/api/my/changePassword',
          { oldPassword: PASSWORD, password: 'Changed2026!', confirmPassword: 'Changed2026!' },
          here,
        )
      ).code,
    ).toBe(200)
    expect((await t.api.get('/api/my/getUserBase', here)).code).toBe(200)
    expect((await t.api.get('/api/my/getUserBase', elsewhere)).code).toBe(403)
    expect(await t.api.login(phone, 'Changed2026!')).toMatch(/.{20,}/)
  })
})

describe('a burst of identical password changes', () => {
  it('changes the password once and answers the other copies as a second change is answered', async () => {
    const phone = newPhone()
    await t.api.post('/api/register/sendCode', { account: phone }, undefined)
    const token = (await t.api.post('/api/register', form(phone, codeIn(await lastMessage(phone)) as string)))
      .data.token
    const change = { oldPassword: PASSWORD, password: 'Changed2026!', confirmPassword: 'Changed2026!' }
    // Four copies: below the five attempts the sign-in limit lets through, so the limit does not decide.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.api.post('/api/my/changePassword', change, token)),
    )
    const sequentialSecond = await t.api.post('/api/my/changePassword', change, token)
    expect(sequentialSecond).toEqual({ code: 400, msg: '当前密码错误' })
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.code !== 200)).toEqual([
      sequentialSecond,
      sequentialSecond,
      sequentialSecond,
    ])
  })
})

describe('the local sandbox mailbox', () => {
  it('shows this machine the codes sent, and nobody else', async () => {
    const phone = newPhone()
    await t.api.post('/api/register/sendCode', { account: phone })
    const code = codeIn(await lastMessage(phone)) as string
    const local = await t.server.app.inject({ url: '/api/sandbox/mailbox' })
    expect(local.headers['content-type']).toContain('text/html')
    expect(local.body).toContain(phone)
    expect(local.body).toContain(code)
    const remote = await t.server.app.inject({ url: '/api/sandbox/mailbox', remoteAddress: '203.0.113.7' })
    expect(remote.body).toContain('仅限本机访问')
    expect(remote.body).not.toContain(code)
  })
})
