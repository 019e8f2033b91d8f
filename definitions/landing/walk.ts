import { SECTIONS } from './sections.ts'
import type { SectionEntry } from './types.ts'

/**
 * The one walker of section trees. Where a section holds nested section lists (tabs[].sections,
 * left, right…) is read from its props schema — any array whose items are `#/$defs/section` — so a
 * new container section is walked, checked, expanded and indexed everywhere without naming its
 * fields anywhere else.
 */
type Step = string | '*'
type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: Schema & { $ref?: string } }

export function listPathsIn(schema: Schema | undefined, at: Step[], out: Step[][]): Step[][] {
  if (!schema || typeof schema !== 'object') return out
  if (schema.items?.$ref === '#/$defs/section') {
    out.push(at)
    return out
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) listPathsIn(child, [...at, key], out)
  if (schema.items) listPathsIn(schema.items, [...at, '*'], out)
  return out
}

const LIST_PATHS = new Map<string, Step[][]>(
  Object.entries(SECTIONS).map(([type, spec]) => [type, listPathsIn(spec.schema as Schema, [], [])]),
)

/** The property paths of a type's nested section lists, e.g. twoColumn → [['left'], ['right']]. */
export const sectionListPaths = (type: string): Step[][] => LIST_PATHS.get(type) ?? []

/** A nested list found in some props: where it is (`.tabs[1].sections`) and what it holds. */
export interface NestedList {
  path: string
  list: unknown
}

function collect(value: unknown, steps: Step[], at: string, out: NestedList[]): void {
  if (steps.length === 0) {
    out.push({ path: at, list: value })
    return
  }
  if (!value || typeof value !== 'object') return
  const [step, ...rest] = steps
  if (step === '*') {
    if (Array.isArray(value)) for (const [i, item] of value.entries()) collect(item, rest, `${at}[${i}]`, out)
  } else if (step !== undefined && Object.hasOwn(value, step)) {
    collect((value as Record<string, unknown>)[step], rest, `${at}.${step}`, out)
  }
}

/** The section lists nested in a section's props, with their paths relative to the props. */
export function nestedLists(type: string, props: unknown): NestedList[] {
  const out: NestedList[] = []
  for (const steps of sectionListPaths(type)) collect(props, steps, '', out)
  return out
}

function replaceAt(value: unknown, steps: Step[], fn: (list: SectionEntry[]) => unknown): unknown {
  if (steps.length === 0) return Array.isArray(value) ? fn(value as SectionEntry[]) : value
  if (!value || typeof value !== 'object') return value
  const [step, ...rest] = steps
  if (step === '*') return Array.isArray(value) ? value.map((item) => replaceAt(item, rest, fn)) : value
  if (step === undefined || !Object.hasOwn(value, step)) return value
  return { ...(value as object), [step]: replaceAt((value as Record<string, unknown>)[step], rest, fn) }
}

/** The props with every nested section list replaced by `fn(list)` (for include expansion). */
export function mapNestedLists(
  type: string,
  props: Record<string, unknown>,
  fn: (list: SectionEntry[]) => unknown,
): Record<string, unknown> {
  let result: unknown = props
  for (const steps of sectionListPaths(type)) result = replaceAt(result, steps, fn)
  return result as Record<string, unknown>
}

export interface Visit {
  entry: { type: string; props?: Record<string, unknown>; id?: string }
  /** JSON path of the entry from the list's owner, e.g. `sections[2].props.tabs[0].sections[1]`. */
  path: string
}

/**
 * Visits every section (not includes) in a list and in the lists nested in it, depth first.
 * `include` resolves an include name to its sections (or undefined when unknown); includes nest at
 * most MAX_INCLUDE_DEPTH deep.
 */
export function walkSections(
  list: unknown,
  at: string,
  visit: (visit: Visit) => void,
  include?: (name: string) => SectionEntry[] | undefined,
  depth = 0,
): void {
  if (!Array.isArray(list)) return
  for (const [i, raw] of list.entries()) {
    if (!raw || typeof raw !== 'object') continue
    const here = `${at}[${i}]`
    if ('include' in raw) {
      const fragment = include && depth < MAX_INCLUDE_DEPTH ? include(String(raw.include)) : undefined
      if (fragment) walkSections(fragment, `${here}→${raw.include}`, visit, include, depth + 1)
      continue
    }
    const entry = raw as Visit['entry']
    if (typeof entry.type !== 'string') continue
    visit({ entry, path: here })
    for (const nested of nestedLists(entry.type, entry.props ?? {}))
      walkSections(nested.list, `${here}.props${nested.path}`, visit, include, depth)
  }
}

export const MAX_INCLUDE_DEPTH = 4

/**
 * The list with every include replaced by its fragment's sections, recursively, in nested lists too.
 * Throws on an unknown include or one nested too deep (the checker reports both first).
 */
export function expandIncludes(
  list: SectionEntry[],
  include: (name: string) => SectionEntry[] | undefined,
  depth = 0,
): SectionEntry[] {
  const out: SectionEntry[] = []
  for (const entry of list) {
    if ('include' in entry) {
      const fragment = depth < MAX_INCLUDE_DEPTH ? include(entry.include) : undefined
      if (!fragment) throw new Error(`unknown or too deeply nested include: ${entry.include}`)
      out.push(...expandIncludes(fragment, include, depth + 1))
    } else {
      const props = mapNestedLists(entry.type, entry.props ?? {}, (nested) =>
        expandIncludes(nested, include, depth),
      )
      out.push({ ...entry, props })
    }
  }
  return out
}

/** The include names a list uses directly or in nested lists (not inside the fragments themselves). */
export function includeNames(list: unknown): Set<string> {
  const names = new Set<string>()
  walkSections(
    list,
    '',
    () => {},
    (name) => {
      names.add(name)
      return undefined
    },
  )
  return names
}
