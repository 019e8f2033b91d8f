import { didYouMean } from './messages.ts'

/**
 * The one binding language of every definition (competitions, events, landing pages): any text may
 * write `{{pay.fee}}`, `{{phases.registrationCloses}}` and the like instead of repeating a fact. The
 * names and their values come from a competition (definitions/competition/facts.ts): a competition's
 * own, or the one an event or a landing page names in its `competition` field. Staff read the
 * language once, in competitions/README.md "页面里引用赛事信息".
 */
const BINDING_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g

/** Name → the text it stands for. */
export type Bindings = Record<string, string>

/** `value` with every binding in every string replaced by its value (objects and lists copied). */
export function fillBindings<T>(value: T, bindings: Bindings): T {
  if (typeof value === 'string')
    return value.replace(BINDING_PATTERN, (whole, name: string) =>
      Object.hasOwn(bindings, name) ? (bindings[name] as string) : whole,
    ) as T
  if (Array.isArray(value)) return value.map((v) => fillBindings(v, bindings)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillBindings(v, bindings)])) as T
  return value
}

/** Where a definition's bindings take their names from, for the checker. */
export interface BindingScope {
  /** The names known here; undefined: the file names no competition, so nothing is bindable. */
  names?: readonly string[]
  /** Top-level fields the facts are read from: a binding there would refer to itself. */
  sources?: readonly string[]
}

/** Every binding in `value` (any depth): its JSON path and name. */
function bindingsIn(value: unknown, at: string, out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') {
    for (const [, name] of value.matchAll(BINDING_PATTERN)) if (name !== undefined) out.push([at, name])
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) bindingsIn(v, `${at}[${i}]`, out)
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) bindingsIn(v, at ? `${at}.${k}` : k, out)
  }
  return out
}

/**
 * Each binding of a definition file that would reach a page raw: its JSON path and a plain reason —
 * an unknown name (with the nearest known one), a binding in a file that names no competition, or a
 * binding inside a field the facts are read from.
 */
export function bindingProblems(definition: unknown, scope: BindingScope): Array<[string, string]> {
  const problems: Array<[string, string]> = []
  for (const [at, name] of bindingsIn(definition, '')) {
    const field = at.split(/[.[]/)[0] ?? ''
    if (scope.sources?.includes(field))
      problems.push([at, `“{{${name}}}”写在了赛事信息的来源字段 ${field} 里：这里请直接写值`])
    else if (scope.names === undefined)
      problems.push([
        at,
        `“{{${name}}}”引用赛事信息，但本文件没有写 competition：在顶层加 "competition": "<赛事文件名>"，或直接写值`,
      ])
    else if (!scope.names.includes(name))
      problems.push([
        at,
        `未知的赛事信息“{{${name}}}”${didYouMean(name, scope.names)}；可用的名称见 competitions/README.md“页面里引用赛事信息”`,
      ])
  }
  return problems
}
