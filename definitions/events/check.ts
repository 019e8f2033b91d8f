import fs from 'node:fs'
import path from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { LANDING_SIGNUP_FORMS } from '../../schemas/forms/index.ts'
import { bindingScope, linkFactsOf } from '../competition/facts.ts'
import { BEIJING_TIME } from '../competition/phases.ts'
import type { Competition } from '../competition/types.ts'
import { bindingProblems, fillBindings } from '../core/bindings.ts'
import { type DefinitionError, readJsonFile } from '../core/json-file.ts'
import { didYouMean, explain, jsonPath } from '../core/messages.ts'
import { blameNewer, type Claimant } from '../core/newer-file.ts'
import { isReservedSegment } from '../core/reserved.ts'
import type { KnownRoutes } from '../core/site-routes.ts'
import { EVENT_PAGE_SEGMENTS } from '../core/site-routes.ts'
import {
  checkImage,
  checkSectionIds,
  checkSectionList,
  pageAnchors,
  type SectionListContext,
} from '../landing/check.ts'
import { includedBindingProblems } from '../landing/included-bindings.ts'
import { checkLinks } from '../landing/links.ts'
import { walkSections } from '../landing/walk.ts'
import { resolveEvent } from './resolve.ts'
import { eventSchema } from './schema.ts'
import { EVENT_SLUG_PATTERN, type EventFile } from './types.ts'

export interface LoadedEvent {
  slug: string
  file: string
  /** As written: times may be left to its competition, text may hold bindings (resolveEvent). */
  definition: EventFile
}

/** First segments of a competition's own pages (definitions/competition/routes.ts). */
const COMPETITION_STEPS = ['index', 'preview', 'base', 'pay']

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv, ['date-time'])
// Sections are checked one by one by the landing checker (its messages name the section type).
const validate = ajv.compile({ ...eventSchema(), $defs: { section: { type: 'object' } } })
const FIELDS = Object.keys(eventSchema().properties)
const SUBMIT_FIELDS = Object.keys(eventSchema().properties.submit.properties)

/** Where an event path may live, or why it may not (undefined: fine). */
function pathProblem(eventPath: string, competitionSlugs: Set<string>): string | undefined {
  const [first, second] = eventPath.slice(1).split('/')
  if (second === undefined) {
    if ((EVENT_PAGE_SEGMENTS as readonly string[]).includes(first!)) return undefined
    if (isReservedSegment(first!)) return `网址 /${first} 是网站自己的页面，请换一个名称`
    if (competitionSlugs.has(first!.toLowerCase()))
      return `网址 /${first} 已是一个赛事（competitions/${first}.json）`
    return undefined
  }
  if (first !== 'events' && first !== 'competition')
    return '两段的网址只能是 /events/<名称> 或 /competition/<名称>'
  if (first === 'events' && second === 'index') return '/events/index 是赛事活动总览页，请换一个名称'
  // /competition/<step> belongs to the competition whose slug is "competition" (SPEC §2 /competition).
  if (first === 'competition' && COMPETITION_STEPS.includes(second!))
    return `/competition/${second} 是赛事 /competition 自己的页面，请换一个名称`
  return undefined
}

/**
 * Checks events/ under `root`: each file against the schema, its images, its sections (the landing
 * checker), its dates, its path (no clash with the site, a competition or another event), and says
 * what is wrong in words staff understand. `competitions`: the valid competitions (a slug alone when
 * only the name matters), which an event may name and bind.
 */
export function checkEvents(
  root: string,
  fragments: Set<string>,
  competitions: Iterable<string | Competition> = [],
  routes?: KnownRoutes,
): { events: LoadedEvent[]; errors: DefinitionError[] } {
  const dir = path.join(root, 'events')
  const errors: DefinitionError[] = []
  const events: LoadedEvent[] = []
  if (!fs.existsSync(dir)) return { events, errors }
  const bySlug = new Map([...competitions].map((c) => (typeof c === 'string' ? [c, undefined] : [c.slug, c])))
  const slugsLower = new Set([...bySlug.keys()].map((s) => s.toLowerCase()))
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort()
  const sharedPaths = newerOfSharedPaths(root, files)
  for (const name of files) {
    const shown = `events/${name}`
    const slug = name.replace(/\.json$/, '')
    const before = errors.length
    // One line per mistake: a time without +08:00 fails both the schema's format and its pattern.
    const add = (at: string, message: string) => {
      if (!errors.some((e) => e.file === shown && e.path === at && e.message === message))
        errors.push({ file: shown, path: at, message })
    }
    if (!EVENT_SLUG_PATTERN.test(slug)) add('(文件名)', '文件名即签到链接中的活动名：只能用字母、数字和 -')
    const data = readJsonFile(path.join(dir, name), shown, errors)
    if (!data) continue
    if (data.$schema !== './event.schema.json')
      add('$schema', '应为 "./event.schema.json"（编辑器据此提示字段）')
    for (const key of Object.keys(data))
      if (!FIELDS.includes(key)) add(key, `不认识的字段“${key}”${didYouMean(key, FIELDS)}`)
    const submit = data.submit as Record<string, unknown> | undefined
    if (submit && typeof submit === 'object')
      for (const key of Object.keys(submit))
        if (!SUBMIT_FIELDS.includes(key))
          add(`submit.${key}`, `不认识的字段“${key}”${didYouMean(key, SUBMIT_FIELDS)}`)
    if (!validate(data)) {
      for (const error of validate.errors ?? []) {
        // Unknown fields are reported above, with a did-you-mean.
        if (error.keyword === 'additionalProperties') continue
        const at = jsonPath(error.instancePath).replace(/^\./, '') || '(文件)'
        if (error.keyword === 'enum' && at === 'submit.form')
          add(
            at,
            `表单“${String(submit?.form)}”不能用于活动报名${didYouMean(String(submit?.form), LANDING_SIGNUP_FORMS)}。可用：${LANDING_SIGNUP_FORMS.join('、')}`,
          )
        else if (error.keyword === 'pattern' && at === 'path')
          add(at, '网址应以 / 开头，只用字母、数字和 -，最多两段，如 /events/qingtai')
        else if ((error.keyword === 'pattern' || error.keyword === 'format') && /At$/.test(at))
          add(at, '应为北京时间，写成 2026-12-20T09:00:00+08:00')
        else add(at, explain(error))
      }
    }
    const ctx: SectionListContext = { root, file: shown, errors, fragments }
    if (data.cover !== undefined) checkImage(data.cover, 'cover', ctx)
    if (data.shareImage !== undefined) checkImage(data.shareImage, 'shareImage', ctx)
    // `{{links.register}}` of the competition it names is checked as the address it stands for.
    const named = typeof data.competition === 'string' ? data.competition : undefined
    const sections =
      named && bySlug.has(named) ? fillBindings(data.sections, linkFactsOf(named)) : data.sections
    checkSectionList(sections, 'sections', ctx)
    checkSectionIds(sections, 'sections', ctx)
    // Links are checked as a landing page's and a competition's are (definitions/landing/links.ts).
    if (routes)
      checkLinks(sections, 'sections', {
        root,
        file: shown,
        errors,
        routes,
        anchors: pageAnchors(sections, ctx),
      })
    // An event's form is its submit page: a landing sign-up section would post to a landing page.
    walkSections(sections, 'sections', ({ entry, path: at }) => {
      if (entry.type === 'signup')
        add(`${at}.type`, '活动页不用 signup 区块：在线报名请写在 submit 字段，报名页会自动生成')
    })
    // The competition it names gives the times it leaves out and the names its bindings may use.
    if (named !== undefined && !bySlug.has(named))
      add(
        'competition',
        `没有赛事“${named}”${didYouMean(named, bySlug.keys())}：写 competitions/ 下赛事的文件名（不带 .json）`,
      )
    const competition = named === undefined ? undefined : bySlug.get(named)
    if (named === undefined) {
      for (const field of ['startsAt', 'endsAt'])
        if (data[field] === undefined)
          add(
            field,
            `请写${field === 'startsAt' ? '开始' : '结束'}时间（北京时间），或写 competition 取赛事的时间`,
          )
      if (submit && typeof submit === 'object')
        for (const field of ['opensAt', 'closesAt'])
          if (submit[field] === undefined)
            add(
              `submit.${field}`,
              `请写${field === 'opensAt' ? '开始' : '截止'}提交时间（北京时间），或写 competition 取赛事的报名时间`,
            )
    }
    if (named === undefined || bySlug.has(named)) {
      const scope = bindingScope(competition ?? (named ? {} : undefined))
      for (const [at, why] of bindingProblems(data, scope)) add(at, why)
      for (const [at, why] of includedBindingProblems(root, data.sections, 'sections', scope)) add(at, why)
    }
    const times = competition ? resolveEvent(data as unknown as EventFile, competition) : data
    const timed = times as {
      startsAt?: unknown
      endsAt?: unknown
      submit?: { opensAt?: unknown; closesAt?: unknown }
    }
    // Compared only when both are Beijing times: one written wrongly is reported once, above.
    const time = (value: unknown) =>
      typeof value === 'string' && BEIJING_TIME.test(value) ? Date.parse(value) : Number.NaN
    if (time(timed.startsAt) > time(timed.endsAt)) add('endsAt', '结束时间早于开始时间')
    if (timed.submit && time(timed.submit.opensAt) > time(timed.submit.closesAt))
      add('submit.closesAt', '截止提交时间早于开始提交时间')
    if (typeof data.path === 'string' && new RegExp(eventSchema().properties.path.pattern).test(data.path)) {
      const problem = pathProblem(data.path, slugsLower)
      if (problem) add('path', problem)
      // The message goes on the new file, the one to change (definitions/core/newer-file.ts).
      const blame = sharedPaths.get(shown)
      if (blame)
        add('path', `网址 ${data.path} 已被 ${blame.live} 使用：每个活动的网址不能重复。${blame.why}`)
    }
    if (errors.length === before) events.push({ slug, file: shown, definition: data as unknown as EventFile })
  }
  return { events, errors }
}

/** Which event files to blame when two claim one path (any case): every one but the live one. */
function newerOfSharedPaths(root: string, files: string[]): Map<string, { live: string; why: string }> {
  const byPath = new Map<string, Claimant[]>()
  const pattern = new RegExp(eventSchema().properties.path.pattern)
  for (const name of files) {
    let parsed: { path?: unknown } | undefined
    try {
      parsed = JSON.parse(fs.readFileSync(path.join(root, 'events', name), 'utf8'))
    } catch {
      continue // the main loop reports a broken file
    }
    if (typeof parsed?.path !== 'string' || !pattern.test(parsed.path)) continue
    const key = parsed.path.toLowerCase()
    byPath.set(key, [...(byPath.get(key) ?? []), { file: `events/${name}` }])
  }
  const blamed = new Map<string, { live: string; why: string }>()
  for (const sharing of byPath.values())
    if (sharing.length > 1) for (const [file, blame] of blameNewer(root, sharing)) blamed.set(file, blame)
  return blamed
}
