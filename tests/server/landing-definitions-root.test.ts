import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { definitionsRoot } from '../support/competitions.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Issue 23 item 8: landing pages are read from the folder DEFINITIONS_ROOT names, through the
 * definitions core, as competitions and events are; a page only that folder holds is indexed.
 */
const root = definitionsRoot()
fs.writeFileSync(
  path.join(root, 'landing-pages/root-only.json'),
  JSON.stringify({
    $schema: './landing-page.schema.json',
    title: '定义目录专题页',
    description: '只在 DEFINITIONS_ROOT 里的活动页面。',
    sections: [
      { type: 'hero', props: { title: '定义目录专题页' } },
      {
        type: 'signup',
        props: {
          title: '报名',
          form: 'event-signup',
          successTitle: '报名成功',
          successText: '我们会短信通知您。',
        },
      },
    ],
  }),
)
const t = useTestApp({ definitionsRoot: root })

describe('landing pages under DEFINITIONS_ROOT', () => {
  it('indexes a page the definitions root holds, for search and for its sign-ups', async () => {
    const { reply, ...page } = t.server.app.landing.get('root-only') ?? {}
    expect(reply).toBeDefined()
    expect(page).toEqual({
      slug: 'root-only',
      title: '定义目录专题页',
      description: '只在 DEFINITIONS_ROOT 里的活动页面。',
      signups: [{ form: 'event-signup', closesAt: undefined }],
    })
    const found = await t.api.get(`/api/search?keyword=${encodeURIComponent('定义目录专题页')}&kind=专题`)
    expect(found.rows.map((r: { url: string }) => r.url)).toEqual(['/application/root-only'])
    const signup = await t.api.post('/api/landing/root-only/signup', {
      name: '周敏',
      phone: '13600000002',
      organization: '西岭大学设计学院（示例）',
      position: '工业设计专业',
      attendees: 1,
      read: true,
    })
    expect(signup).toEqual({ code: 200, msg: '报名成功', data: { id: expect.any(Number) } })
  })

  it('indexes no page of the repository’s landing-pages/ that the root does not hold', () => {
    expect(fs.existsSync(path.resolve(import.meta.dirname, '../../landing-pages/aigc-2.json'))).toBe(true)
    expect(t.server.app.landing.has('aigc-2')).toBe(false)
  })
})
