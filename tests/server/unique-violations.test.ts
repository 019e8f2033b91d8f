import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nowIso } from '../../server/lib/time.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 21 item 7: a unique violation that no route decided about itself is never a 500. The probe
 * route below writes the same landing sign-up twice on purpose — a real unique violation from the
 * real database — to reach the error handler's safety net; every route of the API decides its own
 * duplicates (the fuzz suite's bursts hold them to it).
 */
let server: Awaited<ReturnType<typeof createTestApp>>
const logLines: Array<Record<string, unknown>> = []
beforeAll(async () => {
  const logStream = new PassThrough()
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line))
  })
  server = await createTestApp({ logStream, demoData: false })
  server.app.post('/api/probe/duplicate', async () => {
    const row = {
      slug: 'probe',
      form: 'event-signup',
      phone: '13600000000',
      data: '{}',
      user_id: null,
      created_at: nowIso(),
    }
    await server.app.db.kysely.insertInto('landing_signups').values(row).execute()
    await server.app.db.kysely.insertInto('landing_signups').values(row).execute()
    return { code: 200, msg: '不应到达' }
  })
})
afterAll(() => server.close())

describe('the error handler’s safety net for unique keys', () => {
  it('answers a unique violation with HTTP 200 and a clear envelope, and logs the constraint at warn', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/probe/duplicate' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 409, msg: '数据已存在，请勿重复提交' })
    const line = logLines.find((l) => l.msg === 'unique constraint refused a row')
    expect(line, JSON.stringify(logLines.slice(-3))).toBeDefined()
    expect(line?.level).toBe(40)
    expect(String(line?.constraint)).toMatch(
      /landing_signups_slug_phone|landing_signups\.slug, landing_signups\.phone/,
    )
  })
})
