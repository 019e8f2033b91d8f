import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatBeijing } from '../../schemas/beijing-time.ts'
import { apiOf } from '../support/api-client.ts'
import { definitionsRoot, fixture } from '../support/competitions.ts'
import { eventFixture, writeEvent } from '../support/events.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 34 item 4: `{{…}}` is one binding language. What the server answers is what the server-rendered
 * head (title, description, og tags) and the page are made of, so none of it may carry a raw `{{`:
 * a competition's description and share image, its card on the events hub, and an event that names
 * its competition and takes its dates, fee and links from it.
 */
const competition = fixture('fee-default', {
  description: '报名费 {{pay.fee}}，报名截止 {{phases.registrationCloses.date}}，欢迎参赛。',
  shareImage: { src: '/competition/cover.jpg', alt: '{{shortTitle}}分享图', width: 800, height: 600 },
})
const phases = competition.phases as Record<string, string>
const raw = (value: unknown) => JSON.stringify(value).includes('{{')

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** An app on a root holding the competition, and the event and the landing page when given. */
function appWith(event?: Record<string, unknown>, page?: Record<string, unknown>) {
  const app: { server?: TestApp; api?: ReturnType<typeof apiOf> } = {}
  beforeAll(async () => {
    const root = definitionsRoot({ 'fee-default': competition })
    if (event) writeEvent(root, 'bound-event', event)
    if (page)
      fs.writeFileSync(
        path.join(root, 'landing-pages/bound-page.json'),
        JSON.stringify({ $schema: './landing-page.schema.json', ...page }),
      )
    app.server = await createTestApp({ definitionsRoot: root })
    app.api = apiOf(app.server.app)
  }, 60_000)
  afterAll(() => app.server?.close())
  return { get: (url: string) => app.api!.get(url) }
}

describe('a competition’s head and cards', () => {
  const api = appWith()
  it('serves its description and share image with the fee and the date filled in', async () => {
    const { data } = await api.get('/api/competition/definition/fee-default')
    expect(data.description).toBe(
      `报名费 300 元，报名截止 ${formatBeijing(Date.parse(phases.registrationCloses!)).split(' ')[0]}，欢迎参赛。`,
    )
    expect(data.shareImage.alt).toBe('测试大赛分享图')
    expect(raw(data)).toBe(false)
  })

  it('shows the filled description on the events hub', async () => {
    const { data } = await api.get('/api/events/hub')
    const card = data.find((item: { slug: string }) => item.slug === 'fee-default')
    expect(card.description).toContain('报名费 300 元')
    expect(raw(data)).toBe(false)
  })
})

describe('an event that names its competition', () => {
  const api = appWith({
    ...eventFixture({ path: '/events/bound-event', competition: 'fee-default' }),
    startsAt: undefined,
    endsAt: undefined,
    description: '{{title}}的宣讲会：报名费 {{pay.fee}}，{{phases.registrationCloses}} 截止报名。',
    submit: { form: 'event-signup', title: '在线报名' },
    sections: [
      {
        type: 'hero',
        props: {
          title: '{{shortTitle}} 宣讲会',
          actions: [{ label: '立即报名', href: '{{links.register}}' }],
        },
      },
    ],
  })
  it('takes its dates from the competition and fills its text, head and buttons from it', async () => {
    const { data } = await api.get('/api/events/page/bound-event')
    expect(data.startsAt).toBe(phases.registrationOpens)
    expect(data.endsAt).toBe(phases.results)
    expect(data.submit.opensAt).toBe(phases.registrationOpens)
    expect(data.submit.closesAt).toBe(phases.registrationCloses)
    expect(data.description).toBe(
      `2026 测试工业设计大赛的宣讲会：报名费 300 元，${formatBeijing(Date.parse(phases.registrationCloses!))} 截止报名。`,
    )
    expect(data.sections[0].props.title).toBe('测试大赛 宣讲会')
    expect(data.sections[0].props.actions[0].href).toBe('/fee-default/base/infomation')
    expect(raw(data)).toBe(false)
  })
})

describe('a landing page that names its competition', () => {
  const api = appWith(undefined, {
    competition: 'fee-default',
    title: '{{shortTitle}}专题',
    description: '{{title}}：报名费 {{pay.fee}}，快来报名。',
    sections: [
      {
        type: 'hero',
        props: { title: '{{year}} 年度', actions: [{ label: '报名', href: '{{links.register}}' }] },
      },
    ],
  })

  it('is served with its head and sections filled from the competition', async () => {
    const { data } = await api.get('/api/landing/bound-page')
    expect([data.title, data.description]).toEqual([
      '测试大赛专题',
      '2026 测试工业设计大赛：报名费 300 元，快来报名。',
    ])
    expect(data.sections[0].props.title).toBe('2026 年度')
    expect(data.sections[0].props.actions[0].href).toBe('/fee-default/base/infomation')
    expect(raw(data)).toBe(false)
  })
})
