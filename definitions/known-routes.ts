import fs from 'node:fs'
import path from 'node:path'
import { routesOf } from './competition/routes.ts'
import type { CompetitionDefinition } from './competition/types.ts'
import { type KnownRoutes, ROUTE_VALUES_FROM_FILES, SITE_ROUTES } from './core/site-routes.ts'
import { eventPagePaths } from './events/types.ts'

export type { KnownRoutes } from './core/site-routes.ts'

/**
 * Every page a link in a definition may lead to, collected in one place from every kind that makes
 * pages: the SPA's own routes (definitions/core/site-routes.ts), the landing pages
 * (/application/<slug>), each competition's routes as its definition makes them (pay only with a fee,
 * works/add and works/manage only when enabled: definitions/competition/routes.ts) and the event
 * pages (events/<slug>.json). A new kind of definition adds its routes by adding a source to ROUTE_SOURCES.
 */
/** What one kind of definition adds: paths (`:name` matches one segment) and its competitions. */
interface RouteSource {
  patterns: string[]
  competitions?: Map<string, string[]>
}

const jsonNames = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
        .map((f) => f.replace(/\.json$/, ''))
    : []

/** The SPA's routes, with agreements and landing pages expanded to the files that exist. */
function siteRoutes(root: string): RouteSource {
  const patterns: string[] = []
  for (const route of SITE_ROUTES) {
    const folder = ROUTE_VALUES_FROM_FILES[route]
    if (!folder) patterns.push(`/${route}`)
    else
      for (const name of jsonNames(path.join(root, folder))) patterns.push(`/${route.replace(/:\w+$/, name)}`)
  }
  return { patterns }
}

/** Each competitions/<slug>.json's own routes, read leniently (the checker reports a broken file itself). */
function competitionRoutes(root: string): RouteSource {
  const dir = path.join(root, 'competitions')
  const competitions = new Map<string, string[]>()
  for (const slug of jsonNames(dir)) {
    let definition: Partial<CompetitionDefinition> | undefined
    try {
      definition = JSON.parse(fs.readFileSync(path.join(dir, `${slug}.json`), 'utf8'))
    } catch {
      definition = undefined
    }
    if (!definition || typeof definition !== 'object') continue
    const works = definition.works && typeof definition.works === 'object' ? definition.works : undefined
    competitions.set(
      slug,
      routesOf({
        pay: definition.pay,
        forms: definition.forms ?? ({} as CompetitionDefinition['forms']),
        works: { add: works?.add === true, manage: works?.manage === true, max: 0 },
      }),
    )
  }
  const patterns = [...competitions].flatMap(([slug, routes]) => [
    `/${slug}`,
    ...routes.map((r) => `/${slug}/${r}`),
  ])
  return { patterns, competitions }
}

/**
 * Each events/<slug>.json's pages at the path the file names (index and submit when it has a form, the
 * bare path always), read leniently (the events checker reports a broken file itself). The hub
 * (/events/index), /signIn and /mobile/competition/index are the SPA's own routes.
 */
function eventRoutes(root: string): RouteSource {
  const dir = path.join(root, 'events')
  const patterns: string[] = []
  for (const slug of jsonNames(dir)) {
    let definition: { path?: unknown; submit?: unknown } | undefined
    try {
      definition = JSON.parse(fs.readFileSync(path.join(dir, `${slug}.json`), 'utf8'))
    } catch {
      definition = undefined
    }
    if (!definition || typeof definition.path !== 'string') continue
    const submit = definition.submit && typeof definition.submit === 'object' ? definition.submit : undefined
    const pages = eventPagePaths({ path: definition.path, submit })
    patterns.push(definition.path, pages.index, ...(pages.submit ? [pages.submit] : []))
  }
  return { patterns }
}

export const ROUTE_SOURCES: Array<(root: string) => RouteSource> = [
  siteRoutes,
  competitionRoutes,
  eventRoutes,
]

const WORKSPACE_FREE = new Set(['index', 'preview'])

/** The known routes of the repository at `root`. */
export function knownRoutes(root: string): KnownRoutes {
  const sources = ROUTE_SOURCES.map((source) => source(root))
  const patterns = sources.flatMap((s) => s.patterns)
  const exact = new Set(patterns.filter((p) => !p.includes(':')))
  const matchers = patterns
    .filter((p) => p.includes(':'))
    .map((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`))
  const competitions = new Map(sources.flatMap((s) => [...(s.competitions ?? [])]))
  return {
    has: (sitePath) => exact.has(sitePath) || matchers.some((m) => m.test(sitePath)),
    workspaceOf(sitePath) {
      const [, slug, ...rest] = sitePath.split('/')
      const page = rest.join('/')
      if (!slug || !page || WORKSPACE_FREE.has(page)) return undefined
      return competitions.get(slug)?.includes(page) ? slug : undefined
    },
    paths: [...exact],
    competitions,
  }
}
