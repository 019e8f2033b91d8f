import path from 'node:path'
import type { RouteObject } from 'react-router'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import { stageAt } from '../../definitions/competition/phases.ts'
import { routesOf } from '../../definitions/competition/routes.ts'
import { formatError } from '../../definitions/core/json-file.ts'
import { appRoutes } from '../../src/app/router.tsx'
import { MINE_TABS, mineTab } from '../../src/lib/paths.ts'
import { landingFiles } from '../support/landing-files.ts'

/**
 * One address for every route pattern of the SPA's route table (src/app/router.tsx), so a sweep over
 * "every spec route" covers a route the day it is added. A pattern with a parameter needs a sample
 * below; a new one without it stops the sweep with a message saying so, rather than being skipped.
 */

/** The route table as the browser builds it on the server's pages: with the repository's events. */
function siteRouteTable(): RouteObject[] {
  const report = checkAllDefinitions(root)
  return appRoutes(report.events.map(({ slug, definition }) => ({ slug, path: definition.path })))
}

/** Every page pattern of the route table: leaves and index routes, full paths, no catch-all. */
export function routePatterns(list: RouteObject[] = siteRouteTable(), parent = ''): string[] {
  const found: string[] = []
  for (const route of list) {
    if (route.path === '*') continue
    const here =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`
    if (route.index || (route.path !== undefined && !route.children)) found.push(here || '/')
    if (route.children) found.push(...routePatterns(route.children, here))
  }
  return [...new Set(found)]
}

const root = path.resolve(import.meta.dirname, '../..')

function competitions() {
  const report = checkAllDefinitions(root)
  if (report.errors.length) throw new Error(report.errors.map(formatError).join('\n'))
  return [...report.competitions].sort((a, b) => a.slug.localeCompare(b.slug))
}

/** The query a page needs to show something rather than its "not found" state (seeded records). */
const QUERIES: Record<string, string> = {
  '/designer/detail': '?id=1',
  '/works/detail': '?id=1',
  '/talent/detail': '?id=1',
  '/news/detail': '?id=1',
  '/historyVideo/detail': '?id=1',
  '/search/index': `?keyword=${encodeURIComponent('设计')}`,
  // The demo competition's open round (competitions/competition.json); a non-judge sees 无权访问.
  '/judge/round': '?competitionId=101&roundId=first',
  '/judge/entry': '?competitionId=101&roundId=first&workId=1',
}

/** Patterns whose page is reached by a flow in the sweep itself (a link it creates), not by address. */
export const REACHED_BY_FLOW = ['/others/download/:token/:id']

/** A sample address for each parameterised pattern outside the competitions. */
function parameterSamples(): Record<string, string> {
  const landing = landingFiles()
    .map((l) => l.slug)
    .sort()[0]
  return {
    '/agreement/:key': '/agreement/user',
    '/application/:slug': `/application/${landing}`,
    '/quotation/detail/:id': '/quotation/detail/1',
    '/others/downloadword/:id': '/others/downloadword/1',
  }
}

export interface SweepRoute {
  pattern: string
  url: string
  /** A competition workspace page: the sweep visits it as an entrant with a work in that competition. */
  workspace: boolean
}

/**
 * `results`, the winners' page, is the engine's for every competition once its results are published;
 * the demo data publishes them for each closed competition with awards (server/db/seed/results.ts).
 */
const publishesResults = (d: ReturnType<typeof competitions>[number], rest: string) =>
  rest === 'results' && !!d.awards?.levels.length && Date.parse(d.phases.results) < Date.now()

/**
 * The addresses to sweep. A competition pattern takes the first competition (by slug) that has the
 * route, and `preferSlug` when it has it, so the workspace pages are those of one competition.
 */
export function sweepRoutes(preferSlug?: string): SweepRoute[] {
  const all = competitions()
  const ordered = preferSlug ? [...all.filter((c) => c.slug === preferSlug), ...all] : all
  const samples = parameterSamples()
  const out: SweepRoute[] = []
  for (const pattern of routePatterns()) {
    if (REACHED_BY_FLOW.includes(pattern)) continue
    if (pattern.startsWith('/:competition')) {
      const rest = pattern.slice('/:competition/'.length)
      const c = ordered.find((d) => rest === '' || routesOf(d).includes(rest) || publishesResults(d, rest))
      if (!c) throw new Error(`no competition in competitions/ has the route ${pattern}`)
      const url = `/${c.slug}${rest ? `/${rest}` : ''}`
      out.push({ pattern, url, workspace: rest.startsWith('base') || rest === 'pay' })
      continue
    }
    if (pattern.includes(':')) {
      const url = samples[pattern]
      if (!url) throw new Error(`tests/e2e/spec-routes.ts: add a sample address for the new route ${pattern}`)
      out.push({ pattern, url, workspace: false })
      continue
    }
    if (pattern === '/mine') {
      for (const { tab } of MINE_TABS) out.push({ pattern, url: mineTab(tab), workspace: false })
      continue
    }
    out.push({ pattern, url: pattern + (QUERIES[pattern] ?? ''), workspace: false })
  }
  return out
}

/**
 * The competition whose workspace the sweep shows: one with a fee and every works step, open for
 * entries if there is one (its forms are editable, the state with the most controls).
 */
export function workspaceCompetition(): string {
  const full = competitions().filter((d) => d.pay && d.works.add && d.works.manage)
  const open = full.find((d) => ['registering', 'submitting'].includes(stageAt(d.phases, Date.now())))
  const c = open ?? full[0]
  if (!c) throw new Error('no competition with a fee, works/add and works/manage')
  return c.slug
}
