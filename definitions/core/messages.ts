import type { ErrorObject } from 'ajv'

/**
 * Turning JSON Schema errors into sentences staff understand, and the did-you-mean both checkers
 * use. One place, so a landing page and a competition say the same thing about the same mistake.
 */
const KINDS: Record<string, string> = {
  string: '文字',
  integer: '整数',
  number: '数字',
  boolean: 'true 或 false',
  array: '列表 [ ]',
  object: '对象 { }',
}

export function explain(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'required':
      return `缺少必填项“${p.missingProperty}”`
    case 'additionalProperties': {
      // With ajv's verbose option the error carries its schema: the fields it knows feed the hint.
      const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {})
      const hint = didYouMean(String(p.additionalProperty), known)
      return `不认识的字段“${p.additionalProperty}”${hint || '（拼写错误？）'}`
    }
    case 'type':
      return `应为${KINDS[String(p.type)] ?? p.type}`
    case 'enum':
      return `只能是：${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join('、')}`
    case 'const':
      return `应为 ${JSON.stringify(p.allowedValue)}`
    case 'minLength':
      return p.limit === 1 ? '不能为空' : `至少 ${p.limit} 个字`
    case 'maxLength':
      return `不能超过 ${p.limit} 个字`
    case 'minItems':
      return `至少要有 ${p.limit} 项`
    case 'maxItems':
      return `最多 ${p.limit} 项`
    case 'minimum':
    case 'maximum':
      return `应在允许范围内（${e.keyword === 'minimum' ? '不小于' : '不大于'} ${p.limit}）`
    case 'format':
      return p.format === 'date-time'
        ? '应为 ISO 时间，如 2026-12-20T09:00:00+08:00'
        : `格式不正确（${p.format}）`
    case 'pattern':
      return String(p.pattern).startsWith('^/(?!/)')
        ? '必须是站内路径（以 / 开头），不能外链'
        : `格式不正确（应匹配 ${p.pattern}）`
    case 'discriminator':
      return `“${p.tag}”只能是：heading、paragraph、list、quote、image`
    case 'oneOf':
    case 'anyOf':
      return '不符合任何一种允许的写法'
    default:
      return e.message ?? '不正确'
  }
}

/** `/actions/0/href` → `.actions[0].href` */
export const jsonPath = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')

/** Edit distance, ignoring case: how far a misspelling is from a known name. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j]!
      row[j] = Math.min(
        row[j]! + 1,
        row[j - 1]! + 1,
        prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1),
      )
      prev = temp
    }
  }
  return row[b.length]!
}

/** `（是不是想写“hero”？）` when one of `known` is close to `name`, else ''. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const best = [...known].sort((x, y) => distance(name, x) - distance(name, y))[0]
  return best !== undefined && distance(name, best) <= 3 ? `（是不是想写“${best}”？）` : ''
}
