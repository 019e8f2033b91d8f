import fs from 'node:fs'
import path from 'node:path'
import { beijing } from './definition-time.ts'

const DAY = 86_400_000
const SCHEMA = path.resolve(import.meta.dirname, '../../events/event.schema.json')

/** The event of server tests: its form open now, check-in open now (both windows around now). */
export const OPEN_EVENT = 'open-event'

/** An event definition for tests, its windows `days` from now (negative: in the past). */
export function eventFixture(changes: Record<string, unknown> = {}, now = Date.now()) {
  const at = (days: number) => beijing(Math.floor((now + days * DAY) / 60_000) * 60_000)
  return {
    $schema: './event.schema.json',
    path: `/events/${OPEN_EVENT}`,
    kind: '活动',
    title: '测试活动（示例）',
    description: '服务器测试用的活动：在线报名与现场签到都在进行中。',
    cover: { src: '/competition/cover.jpg', alt: '封面', width: 1600, height: 700 },
    venue: '苏州（示例地点）',
    startsAt: at(-1),
    endsAt: at(2),
    submit: { form: 'event-signup', opensAt: at(-3), closesAt: at(1), title: '在线报名' },
    checkIn: true,
    sections: [{ type: 'hero', props: { title: '测试活动' } }],
    ...changes,
  }
}

/** Writes events/<slug>.json (and the schema beside it) into a definitions root. */
export function writeEvent(root: string, slug: string, definition: Record<string, unknown> | string) {
  fs.mkdirSync(path.join(root, 'events'), { recursive: true })
  fs.copyFileSync(SCHEMA, path.join(root, 'events/event.schema.json'))
  const text = typeof definition === 'string' ? definition : JSON.stringify(definition, null, 2)
  fs.writeFileSync(path.join(root, 'events', `${slug}.json`), text)
}
