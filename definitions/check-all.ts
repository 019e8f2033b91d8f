import fs from 'node:fs'
import path from 'node:path'
import { checkCompetitions } from './competition/check.ts'
import type { Competition } from './competition/types.ts'
import { type DefinitionError, formatError } from './core/json-file.ts'
import { placeholderArt } from './core/placeholder-art.ts'
import { checkEvents, type LoadedEvent } from './events/check.ts'
import { knownRoutes } from './known-routes.ts'
import { checkLandingPages } from './landing/check.ts'

export interface DefinitionsReport {
  pages: number
  fragments: number
  competitions: Competition[]
  events: LoadedEvent[]
  errors: DefinitionError[]
  /** Likely mistakes that do not stop the build or the server: check:definitions prints them. */
  warnings: DefinitionError[]
}

/** Names of the shared fragments under landing-pages/_shared (include names). */
export function fragmentNames(root: string): Set<string> {
  const shared = path.join(root, 'landing-pages/_shared')
  if (!fs.existsSync(shared)) return new Set()
  return new Set(
    fs
      .readdirSync(shared, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\\/g, '/').replace(/\.json$/, '')),
  )
}

/**
 * The one check of every definition — landing pages, fragments, competitions and events — that
 * `npm run check:definitions`, the build and the server's start all run. Placeholder art
 * (definitions/core/placeholder-art.ts) is a warning, or with `production` (`check:definitions
 * --production`, CI) an error: it must never reach a production page.
 */
export function checkAllDefinitions(root: string, options: { production?: boolean } = {}): DefinitionsReport {
  const production = options.production === true
  const routes = knownRoutes(root)
  const competitions = checkCompetitions(root, fragmentNames(root), routes)
  // Landing pages and events may name a competition and bind its facts.
  const landing = checkLandingPages(root, routes, competitions.competitions)
  const events = checkEvents(root, fragmentNames(root), competitions.competitions, routes)
  const placeholders = placeholderArt(root, production)
  return {
    pages: landing.pages,
    fragments: landing.fragments,
    competitions: competitions.competitions,
    events: events.events,
    errors: [
      ...landing.errors,
      ...competitions.errors,
      ...events.errors,
      ...(production ? placeholders : []),
    ],
    warnings: [...landing.warnings, ...competitions.warnings, ...(production ? [] : placeholders)],
  }
}

/** Thrown by the build and the server when a definition is invalid: its message lists every problem. */
export class InvalidDefinitionsError extends Error {
  readonly errors: DefinitionError[]
  constructor(errors: DefinitionError[]) {
    super(
      `${errors.length} 个定义文件问题，请修改后再启动（npm run check:definitions 可再次检查）：\n${errors.map(formatError).join('\n')}`,
    )
    this.name = 'InvalidDefinitionsError'
    this.errors = errors
  }
}

/** The definitions when all are valid; otherwise throws InvalidDefinitionsError. */
export function loadDefinitions(root: string): DefinitionsReport {
  const report = checkAllDefinitions(root)
  if (report.errors.length) throw new InvalidDefinitionsError(report.errors)
  return report
}
