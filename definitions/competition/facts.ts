import { formatBeijing, formatBeijingDate } from '../../schemas/beijing-time.ts'
import { didYouMean } from '../core/messages.ts'
import { PHASE_KEYS } from './phases.ts'
import type { CompetitionDefinition } from './types.ts'

/**
 * Facts written once. Page text in a competition's pages may write `{{phases.registrationCloses}}`,
 * `{{pay.fee}}` and the like instead of repeating a date or a fee: the server fills them from the
 * definition's own fields when it serves the competition, so the hero, the timeline and the FAQ
 * cannot disagree with `phases` and `pay`. The checker refuses an unknown name.
 */
export const FACT_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g

/** Every name a binding may use, with what staff read about it in competitions/README.md. */
export const FACT_NAMES: Record<string, string> = {
  title: '赛事全称',
  shortTitle: '简称（没写时为全称）',
  year: '届次年份',
  'pay.fee': '报名费，如“200 元”；免费赛事为“免费”',
  ...Object.fromEntries(
    PHASE_KEYS.flatMap((key) => [
      [`phases.${key}`, '北京时间，如“2027年6月30日 17:00”'],
      [`phases.${key}.date`, '日期，如“2027年6月30日”'],
    ]),
  ),
}

type FactSource = Pick<CompetitionDefinition, 'title' | 'shortTitle' | 'year' | 'phases' | 'pay'>

/** "200 元", "150.50 元" */
const yuan = (fen: number) => `${fen % 100 === 0 ? fen / 100 : (fen / 100).toFixed(2)} 元`

/** The value of every fact of a (valid) definition. */
export function factsOf(c: FactSource): Record<string, string> {
  const facts: Record<string, string> = {
    title: c.title,
    shortTitle: c.shortTitle ?? c.title,
    year: String(c.year),
    'pay.fee': c.pay ? yuan(c.pay.fee) : '免费',
  }
  for (const key of PHASE_KEYS) {
    const at = Date.parse(c.phases[key])
    facts[`phases.${key}`] = formatBeijing(at)
    facts[`phases.${key}.date`] = formatBeijingDate(at)
  }
  return facts
}

/** `value` with every binding in every string replaced by its fact (objects and lists copied). */
export function fillFacts<T>(value: T, facts: Record<string, string>): T {
  if (typeof value === 'string')
    return value.replace(FACT_PATTERN, (whole, name: string) => facts[name] ?? whole) as T
  if (Array.isArray(value)) return value.map((v) => fillFacts(v, facts)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillFacts(v, facts)])) as T
  return value
}

/** Each binding in `value` whose name is unknown: its JSON path and the reason. */
export function unknownFacts(
  value: unknown,
  at: string,
  out: Array<[string, string]> = [],
): Array<[string, string]> {
  if (typeof value === 'string') {
    for (const [, name] of value.matchAll(FACT_PATTERN))
      if (name !== undefined && !Object.hasOwn(FACT_NAMES, name))
        out.push([
          at,
          `未知的赛事信息“{{${name}}}”${didYouMean(name, Object.keys(FACT_NAMES))}。可用：${Object.keys(
            FACT_NAMES,
          )
            .map((n) => `{{${n}}}`)
            .join('、')}`,
        ])
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) unknownFacts(v, `${at}[${i}]`, out)
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) unknownFacts(v, `${at}.${k}`, out)
  }
  return out
}
