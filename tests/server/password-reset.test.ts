import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

const t = useTestApp()

/** The sandbox SMS provider keeps what it would have sent. */
async function lastCode(phone: string): Promise<string> {
  const row = await t.server.app.db.kysely
    .selectFrom('sms_outbox')
    .select('body')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return /验证码为(\d{6})/.exec(row.body)![1]!
}

describe('password reset by SMS code', () => {
  it('resets the password, ends existing sign-ins and accepts the new password', async () => {
    const oldToken = await t.api.login(DEMO.newcomer)
    expect((await t.api.post('/api/password/sendCode', { phone: DEMO.newcomer })).code).toBe(200)
    const code = await lastCode(DEMO.newcomer)
    const body = await t.api.post('/api/password/reset', {
      phone: DEMO.newcomer,
      code,
      password: 'NewPass#2026',
      confirmPassword: 'NewPass#2026',
    })
    expect(body.code).toBe(200)
    expect((await t.api.get('/api/my/getUserBase', oldToken)).code).toBe(403)
    await expect(t.api.login(DEMO.newcomer, 'NewPass#2026')).resolves.toBeTruthy()
    // The code is single-use.
    const reuse = await t.api.post('/api/password/reset', {
      phone: DEMO.newcomer,
      code,
      password: 'Other#2026x',
      confirmPassword: 'Other#2026x',
    })
    expect(reuse).toEqual({ code: 400, msg: '验证码错误或已过期' })
  })

  it('answers the same for an unknown phone, and sends nothing', async () => {
    expect((await t.api.post('/api/password/sendCode', { phone: '13912345678' })).code).toBe(200)
    const sent = await t.server.app.db.kysely
      .selectFrom('sms_outbox')
      .select('id')
      .where('phone', '=', '13912345678')
      .execute()
    expect(sent).toEqual([])
  })

  it('refuses a second code within a minute', async () => {
    expect((await t.api.post('/api/password/sendCode', { phone: DEMO.designer })).code).toBe(200)
    expect((await t.api.post('/api/password/sendCode', { phone: DEMO.designer })).code).toBe(429)
  })

  it('locks a code after five wrong tries', async () => {
    const right = await lastCode(DEMO.designer)
    const wrong = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await t.api.post('/api/password/reset', {
            phone: DEMO.designer,
            code: wrong,
            password: 'Kabu2027!',
            confirmPassword: 'Kabu2027!',
          })
        ).msg,
      ).toBe('验证码错误或已过期')
    }
    const late = await t.api.post('/api/password/reset', {
      phone: DEMO.designer,
      code: right,
      password: 'Kabu2027!',
      confirmPassword: 'Kabu2027!',
    })
    expect(late).toEqual({ code: 400, msg: '验证码错误或已过期' })
  })

  it('validates with the password-reset schema', async () => {
    const base = { phone: DEMO.designer, code: '123456', password: 'abcd1234', confirmPassword: 'abcd1234' }
    expect(
      (
        await t.api.post('/api/password/reset', {
          ...base,
          password: 'abcdefgh',
          confirmPassword: 'abcdefgh',
        })
      ).msg,
    ).toBe('请输入8-20位英文字母及数字或者符号（除空格）')
    expect((await t.api.post('/api/password/reset', { ...base, confirmPassword: 'abcd12345' })).msg).toBe(
      '两次输入的密码不一致',
    )
    expect((await t.api.post('/api/password/sendCode', { phone: '23800000001' })).msg).toBe(
      '请输入正确的11位手机号',
    )
  })
})

describe('a daily cap on codes per recipient', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Asks for a code a minute after the previous one, from an address of its own (no other limit bites). */
  let minute = 0
  /** After every code the other tests asked for (their windows are in real time). */
  const start = Date.now() + 3600_000
  async function ask(endpoint: 'password' | 'register', phone: string) {
    vi.setSystemTime(start + ++minute * 61_000)
    const body = endpoint === 'password' ? { phone } : { account: phone }
    const reply = await t.server.app.inject({
      method: 'POST',
      url: `/api/${endpoint}/sendCode`,
      payload: body,
      remoteAddress: `10.80.${minute >> 8}.${minute & 255}`,
    })
    return reply.json() as { code: number; msg: string }
  }

  it('sends 10 codes a day to one phone, reset and sign-up together, alike for registered and unknown phones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    // A phone no earlier test asked codes for (their codes count in this day too).
    const registered = await insertUser(t.server.app, '13912340001', 'Right#Pass1')
    const unknown = '13912340000'
    const answers: Record<string, Array<{ code: number; msg: string }>> = { registered: [], unknown: [] }
    for (let i = 0; i < 11; i++) {
      const endpoint = i % 2 ? 'register' : 'password'
      answers.registered!.push(await ask(endpoint, registered))
      answers.unknown!.push(await ask(endpoint, unknown))
    }
    expect(answers.registered).toEqual(answers.unknown)
    expect(answers.registered!.slice(0, 10).every((a) => a.code === 200)).toBe(true)
    expect(answers.registered![10]).toEqual({
      code: 429,
      msg: '该号码获取验证码次数已达每日上限，请24小时后再试',
    })
    // A day after the first code the phone may ask again.
    minute = 24 * 60
    expect((await ask('password', registered)).code).toBe(200)
    expect((await ask('password', unknown)).code).toBe(200)
  })
})
