import { formatBeijing, formatBeijingDate } from '../../schemas/beijing-time.ts'
import { type BindingScope, type Bindings, fillBindings } from '../core/bindings.ts'
import { PHASE_KEYS } from './phases.ts'
import type { Competition } from './types.ts'

const PHASE_NAMES: Record<(typeof PHASE_KEYS)[number], string> = {
  registrationOpens: '报名开始',
  registrationCloses: '报名截止',
  submissionDeadline: '作品提交截止',
  results: '结果公布',
}

/**
 * The names the binding language (definitions/core/bindings.ts) knows: a competition's facts, each
 * written once in its file. A competition's pages, description and share tags use them directly; an
 * event or a landing page uses those of the competition it names. The table of competitions/README.md
 * "页面里引用赛事信息" is generated from BINDING_DOCS.
 */
export const BINDING_DOCS: Array<[name: string, shown: string]> = [
  ['title', '赛事全称'],
  ['shortTitle', '简称（没写时为全称）'],
  ['year', '届次年份'],
  ['pay.fee', '报名费，如“200 元”；免费赛事（没有 `pay`）为“免费”'],
  ...PHASE_KEYS.flatMap(
    (key): Array<[string, string]> => [
      [`phases.${key}`, `${PHASE_NAMES[key]}，北京时间，如“2027年6月30日 17:00”`],
      [`phases.${key}.date`, `${PHASE_NAMES[key]}的日期，如“2027年6月30日”`],
    ],
  ),
  ['links.index', '赛事首页网址，如 `/2027abc/index`（按钮的 `href` 可以写它）'],
  ['links.preview', '赛事预告页网址，如 `/2027abc/preview`'],
  ['links.register', '报名页网址，如 `/2027abc/base/infomation`'],
  ['awards.<奖项 id>.title', '`awards.levels` 里该奖项的名称'],
  ['awards.<奖项 id>.count', '该奖项每个类别的名额，如“4”'],
]

/** Top-level fields the facts are read from: a binding there would stand for itself. */
export const FACT_SOURCES = ['title', 'shortTitle', 'year', 'phases', 'pay', 'awards'] as const

type FactSource = Pick<Competition, 'slug' | 'title' | 'shortTitle' | 'year' | 'phases' | 'pay' | 'awards'>

/** "200 元", "150.50 元" */
const yuan = (fen: number) => `${fen % 100 === 0 ? fen / 100 : (fen / 100).toFixed(2)} 元`

/** The awards of a (possibly invalid) definition, as far as they can be read. */
function awardLevels(awards: unknown): Array<{ id: string; title: string; count: number }> {
  const levels = (awards as { levels?: unknown } | undefined)?.levels
  return Array.isArray(levels) ? levels.filter((l) => l && typeof l.id === 'string') : []
}

/** Every name a competition's bindings may use (read from a file the checker may still refuse). */
export function bindingNamesOf(definition: object): string[] {
  return [
    ...BINDING_DOCS.map(([name]) => name).filter((name) => !name.startsWith('awards.')),
    ...awardLevels((definition as { awards?: unknown }).awards).flatMap((l) => [
      `awards.${l.id}.title`,
      `awards.${l.id}.count`,
    ]),
  ]
}

/** What the checker needs to judge a file's bindings against a competition, or against none. */
export function bindingScope(competition: object | undefined, own = false): BindingScope {
  return {
    ...(competition ? { names: bindingNamesOf(competition) } : {}),
    ...(own ? { sources: FACT_SOURCES } : {}),
  }
}

/** The competition's own addresses: known from its file name alone, so links are checked filled. */
export const linkFactsOf = (slug: string): Bindings => ({
  'links.index': `/${slug}/index`,
  'links.preview': `/${slug}/preview`,
  'links.register': `/${slug}/base/infomation`,
})

/** The value of every fact of a (valid) definition. */
export function factsOf(c: FactSource): Bindings {
  const facts: Bindings = {
    title: c.title,
    shortTitle: c.shortTitle ?? c.title,
    year: String(c.year),
    'pay.fee': c.pay ? yuan(c.pay.fee) : '免费',
    ...linkFactsOf(c.slug),
  }
  for (const key of PHASE_KEYS) {
    const at = Date.parse(c.phases[key])
    facts[`phases.${key}`] = formatBeijing(at)
    facts[`phases.${key}.date`] = formatBeijingDate(at)
  }
  for (const level of awardLevels(c.awards)) {
    facts[`awards.${level.id}.title`] = level.title
    facts[`awards.${level.id}.count`] = String(level.count)
  }
  return facts
}

/**
 * The competition as pages show it: every text field (pages, description, share image, organisers…)
 * with its bindings filled from the competition's own facts (the checker keeps bindings out of the
 * fields the facts come from).
 */
export const resolveCompetition = <C extends Competition>(competition: C): C =>
  fillBindings(competition, factsOf(competition))

/**
 * `value` — an event, a landing page, or a part of one — with the bindings of the competition it
 * names filled; unchanged when it names none (the checker then allows no binding in it).
 */
export const bindFactsOf = <T>(competition: FactSource | undefined, value: T): T =>
  competition ? fillBindings(value, factsOf(competition)) : value
