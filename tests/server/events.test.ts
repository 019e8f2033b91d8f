import { describe, expect, it } from 'vitest'
import { definitionsRoot } from '../support/competitions.ts'
import { eventFixture, OPEN_EVENT, writeEvent } from '../support/events.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 22 item 1: event pages (events/<slug>.json). Their forms take entries from signed-in users,
 * validated by the registry's form, only inside the form's dates, one per user, limited; the entrant
 * sees the entry afterwards. On-site check-in takes name and phone on the event's dates and
 * recognises a repeat by phone.
 */
const root = definitionsRoot()
writeEvent(root, 'later-event', eventFixture({ path: '/events/later-event', ...inDays(5, 8, 2, 4) }))
writeEvent(root, 'past-event', eventFixture({ path: '/competition/past-event', ...inDays(-10, -8, -20, -9) }))
writeEvent(root, 'no-form', eventFixture({ path: '/no-form', submit: undefined, checkIn: false }))
const t = useTestApp({ definitionsRoot: root })

/** Event dates `start`..`end` and form dates `opens`..`closes`, in days from now. */
function inDays(start: number, end: number, opens: number, closes: number) {
  const at = (days: number) => {
    const ms = Math.floor((Date.now() + days * 86_400_000) / 60_000) * 60_000
    return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`
  }
  const fixture = eventFixture()
  return {
    startsAt: at(start),
    endsAt: at(end),
    submit: { ...fixture.submit, opensAt: at(opens), closesAt: at(closes) },
  }
}

const entry = { name: '周敏', phone: '13600000001', organization: '西岭大学设计学院（示例）', read: true }
const submitUrl = (slug: string) => `/api/events/page/${slug}/submit`
const checkInUrl = (slug: string) => `/api/events/page/${slug}/check-in`

describe('the events hub and event pages', () => {
  it('lists every competition and event with its state, year, dates and link; open ones first', async () => {
    const body = await t.api.get('/api/events/hub')
    expect(body.code).toBe(200)
    const items = body.data as Array<Record<string, unknown>>
    const bySlug = new Map(items.map((i) => [i.slug, i]))
    expect(bySlug.get(OPEN_EVENT)).toMatchObject({
      type: 'event',
      href: '/events/open-event/index',
      state: 'open',
      stateLabel: '进行中',
      kind: '活动',
    })
    expect(bySlug.get('later-event')).toMatchObject({ state: 'upcoming', stateLabel: '即将开始' })
    expect(bySlug.get('past-event')).toMatchObject({ state: 'past', href: '/competition/past-event/index' })
    expect(bySlug.get('no-form')).toMatchObject({ href: '/no-form' })
    expect(bySlug.get('fee-default')).toMatchObject({ type: 'competition', href: '/fee-default/index' })
    expect(String(bySlug.get(OPEN_EVENT)?.dates)).toMatch(/^\d{4}年\d+月\d+日 \d{2}:\d{2} — /)
    const states = items.map((i) => i.state)
    expect(states.indexOf('past')).toBeGreaterThan(states.lastIndexOf('open'))
  })

  it('serves an event page with its sections, state and pages; an unknown event is a 404', async () => {
    const body = await t.api.get(`/api/events/page/${OPEN_EVENT}`)
    expect(body.data).toMatchObject({
      slug: OPEN_EVENT,
      title: '测试活动（示例）',
      state: 'open',
      pages: { index: '/events/open-event/index', submit: '/events/open-event/submit' },
      sections: [{ type: 'hero', props: { title: '测试活动' } }],
    })
    expect(body.data.submitClosed).toBeUndefined()
    expect((await t.api.get('/api/events/page/later-event')).data.submitClosed).toBe('报名尚未开始')
    expect(await t.api.get('/api/events/page/nothing-here')).toEqual({ code: 404, msg: '活动不存在' })
  })
})

describe('event submissions', () => {
  it('asks a visitor to sign in', async () => {
    const body = await t.api.post(submitUrl(OPEN_EVENT), entry)
    expect(body.code).toBe(403)
  })

  it('stores a valid entry and shows it to the entrant afterwards; a second entry is refused', async () => {
    const token = await t.api.login(DEMO.designer, DEMO.password)
    expect((await t.api.get(`/api/events/page/${OPEN_EVENT}/entry`, token)).data).toBeNull()
    const body = await t.api.post(submitUrl(OPEN_EVENT), entry, token)
    expect(body).toEqual({ code: 200, msg: '报名成功', data: { id: expect.any(Number) } })
    const mine = await t.api.get(`/api/events/page/${OPEN_EVENT}/entry`, token)
    expect(mine.data).toMatchObject({ id: body.data.id, data: entry, createdAt: expect.any(String) })
    expect(await t.api.post(submitUrl(OPEN_EVENT), { ...entry, phone: '13600000002' }, token)).toEqual({
      code: 409,
      msg: '你已报名该活动，无需重复提交',
    })
  })

  it('refuses an invalid entry with the form’s own message and stores nothing', async () => {
    await insertUser(t.server.app, '13900000031', 'Kabu2026!')
    const token = await t.api.login('13900000031', 'Kabu2026!')
    expect(await t.api.post(submitUrl(OPEN_EVENT), { ...entry, phone: '1360000' }, token)).toEqual({
      code: 400,
      msg: '请输入正确的11位手机号',
    })
    expect(await t.api.post(submitUrl(OPEN_EVENT), { ...entry, read: false }, token)).toMatchObject({
      code: 400,
    })
    expect((await t.api.get(`/api/events/page/${OPEN_EVENT}/entry`, token)).data).toBeNull()
  })

  it('refuses entries before the form opens and after it closes, and for an event without a form', async () => {
    const token = await t.api.login(DEMO.designer, DEMO.password)
    expect(await t.api.post(submitUrl('later-event'), entry, token)).toEqual({
      code: 400,
      msg: '报名尚未开始',
    })
    expect(await t.api.post(submitUrl('past-event'), entry, token)).toEqual({ code: 400, msg: '报名已截止' })
    expect(await t.api.post(submitUrl('no-form'), entry, token)).toEqual({
      code: 400,
      msg: '该活动没有在线报名',
    })
    const rows = await t.server.app.db.kysely
      .selectFrom('event_entries')
      .select('slug')
      .where('slug', 'in', ['later-event', 'past-event', 'no-form'])
      .execute()
    expect(rows).toEqual([])
  })

  it('answers a burst of entries from one user with one stored entry, the rest refused, no 5xx', async () => {
    await insertUser(t.server.app, '13900000032', 'Kabu2026!')
    const token = await t.api.login('13900000032', 'Kabu2026!')
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.server.app.inject({
          method: 'POST',
          url: submitUrl(OPEN_EVENT),
          headers: { authorization: token },
          payload: { ...entry, phone: '13600000032' },
        }),
      ),
    )
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200))
    const codes = answers.map((res) => res.json().code as number)
    expect(codes.filter((code) => code === 200)).toHaveLength(1)
    // 20 claims an hour: the attempts past them are refused before reaching the database.
    expect(codes.filter((code) => code === 429).length).toBe(10)
    expect(codes.filter((code) => code === 409).length).toBe(19)
    const rows = await t.server.app.db.kysely
      .selectFrom('event_entries')
      .select('id')
      .where('phone', '=', '13600000032')
      .execute()
    expect(rows).toHaveLength(1)
  })
})

describe('on-site check-in', () => {
  it('checks a visitor in on the event’s dates, and recognises a repeat by phone', async () => {
    const first = await t.api.post(checkInUrl(OPEN_EVENT), { name: '李雷', phone: '13500000001' })
    expect(first).toEqual({
      code: 200,
      msg: '签到成功',
      data: { repeat: false, checkedInAt: expect.any(String), eventTitle: '测试活动（示例）' },
    })
    const again = await t.api.post(checkInUrl(OPEN_EVENT), { name: '李雷', phone: '13500000001' })
    expect(again).toEqual({
      code: 200,
      msg: '你已签到过，无需重复签到',
      data: { repeat: true, checkedInAt: first.data.checkedInAt, eventTitle: '测试活动（示例）' },
    })
    const rows = await t.server.app.db.kysely
      .selectFrom('event_check_ins')
      .selectAll()
      .where('phone', '=', '13500000001')
      .execute()
    expect(rows).toMatchObject([{ slug: OPEN_EVENT, name: '李雷' }])
  })

  it('refuses an invalid phone or a missing name with the form’s message', async () => {
    expect(await t.api.post(checkInUrl(OPEN_EVENT), { name: '李雷', phone: '12345' })).toEqual({
      code: 400,
      msg: '请输入正确的11位手机号',
    })
    expect(await t.api.post(checkInUrl(OPEN_EVENT), { name: '', phone: '13500000002' })).toEqual({
      code: 400,
      msg: '姓名不能为空',
    })
  })

  it('is closed before and after the event, and for an event without check-in', async () => {
    const visitor = { name: '韩梅梅', phone: '13500000003' }
    const before = await t.api.post(checkInUrl('later-event'), visitor)
    expect(before.code).toBe(400)
    expect(before.msg).toMatch(/^签到尚未开始：活动于 \d{4}年/)
    expect(await t.api.post(checkInUrl('past-event'), visitor)).toEqual({
      code: 400,
      msg: '活动已结束，签到已关闭',
    })
    expect(await t.api.post(checkInUrl('no-form'), visitor)).toEqual({ code: 400, msg: '该活动没有现场签到' })
  })

  it('limits repeated check-ins of one phone', async () => {
    const visitor = { name: '王芳', phone: '13500000004' }
    const codes: number[] = []
    for (let i = 0; i < 7; i++) codes.push((await t.api.post(checkInUrl(OPEN_EVENT), visitor)).code)
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429])
  })
})
