import { describe, expect, it } from 'vitest'
import { createTestApp, DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { VALID_FORMS } from '../support/valid-forms.ts'

/**
 * Issue 21 item 5: costly work runs in the worker pool, whose queue is bounded — a request that finds
 * it full is answered at once with a 503 envelope — and the résumé PDF is made once per content and
 * limited, like certificate PDFs.
 */
const t = useTestApp()

const resume = VALID_FORMS.resume

describe('the worker pool', () => {
  it('answers 503 with the envelope at once when its queue is full, and works again after', async () => {
    const small = await createTestApp({ workers: { threads: 1, queue: 1 } })
    try {
      const list = (await small.app.inject({ url: '/api/certification/list?pageNum=1&pageSize=20' })).json()
      const numbers = (list.rows as Array<{ number: string }>).map((r) => r.number).slice(0, 8)
      expect(numbers.length).toBe(8)
      // Eight different PDFs at once: one drawn, one waiting, the rest refused.
      const answers = await Promise.all(
        numbers.map((n) =>
          small.app.inject({ url: `/api/certificate/${n}/pdf`, remoteAddress: `10.0.0.${n.slice(-2)}` }),
        ),
      )
      const busy = answers.filter((a) => a.statusCode === 503)
      const drawn = answers.filter((a) => a.headers['content-type'] === 'application/pdf')
      expect(busy.length).toBeGreaterThan(0)
      expect(drawn.length).toBeGreaterThanOrEqual(2)
      expect(busy.length + drawn.length).toBe(8)
      for (const b of busy) {
        expect(b.json()).toEqual({ code: 503, msg: '服务繁忙，请稍后重试' })
        expect(b.headers['content-security-policy']).toBeDefined()
      }
      // Nothing is stuck: the refused ones are drawn when asked again.
      const again = await small.app.inject({ url: `/api/certificate/${numbers.at(-1)}/pdf` })
      expect(again.headers['content-type']).toBe('application/pdf')
    } finally {
      await small.close()
    }
  })
})

describe('the résumé PDF', () => {
  it('is made once per content: an unchanged résumé downloads as often as asked, a changed one is new', async () => {
    const token = await t.api.login(DEMO.designer)
    expect((await t.api.post('/api/my/resume', resume, token)).code).toBe(200)
    const download = () =>
      t.server.app.inject({ url: '/api/my/resume/pdf', headers: { authorization: token } })
    const first = await download()
    expect(first.headers['content-type']).toBe('application/pdf')
    // Twelve more of the same résumé: more than the limit allows new ones, all answered from the kept PDF.
    for (let i = 0; i < 12; i++) expect((await download()).rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it('lets a user have 10 new ones made a minute', async () => {
    const token = await t.api.login(DEMO.newcomer)
    const outcomes: string[] = []
    for (let i = 0; i < 12; i++) {
      await t.api.post('/api/my/resume', { ...resume, realName: '林晓', title: `工业设计师 ${i + 1}` }, token)
      const res = await t.server.app.inject({ url: '/api/my/resume/pdf', headers: { authorization: token } })
      outcomes.push(res.headers['content-type'] === 'application/pdf' ? 'pdf' : res.json().msg)
    }
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill('pdf'))
    expect(outcomes.slice(10)).toEqual(['导出过于频繁，请稍后再试', '导出过于频繁，请稍后再试'])
  })
})
