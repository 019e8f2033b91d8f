import fs from 'node:fs'
import path from 'node:path'
import { fillBindings } from '../core/bindings.ts'
import { sharedFragments } from '../landing/pages.ts'
import { expandIncludes } from '../landing/walk.ts'
import { factsOf } from './facts.ts'
import { type Stage, shownStage } from './phases.ts'
import { routesOf, type Step, stepsOf } from './routes.ts'
import type { Competition } from './types.ts'

/** What the SPA renders a competition from: the definition with includes expanded, stage, steps, routes. */
export interface RenderableCompetition extends Omit<Competition, '$schema'> {
  stage: Stage
  stageLabel: string
  steps: Step[]
  routes: string[]
  /** The share card crawlers read (PNG or JPEG: they take no WebP); see shareCardFor. */
  shareCard: string
}

/** Where scripts/draw-share-image.ts draws a competition's card (1200×630 JPEG). */
export const competitionShareCardOf = (slug: string) => `/competitions/_share/${slug}.jpg`

/**
 * The competition's own shareImage (the checker admits only JPEG or PNG), else its drawn card, else —
 * a new competition whose card nobody has drawn yet — the site's card, never a missing file.
 */
export function shareCardFor(root: string, competition: Competition): string {
  if (competition.shareImage) return competition.shareImage.src
  const card = competitionShareCardOf(competition.slug)
  return fs.existsSync(path.join(root, 'public', card)) ? card : '/share.jpg'
}

/** `resultsPublished`: the server knows it (result_publications); the stage then says so. */
export function renderable(
  root: string,
  competition: Competition,
  now: number,
  resultsPublished = false,
): RenderableCompetition {
  const include = sharedFragments(root)
  // Every text — pages (shared fragments too), description, share tags — names the definition's
  // dates, fee and awards with {{…}} (definitions/core/bindings.ts): filled here, for every page.
  const facts = factsOf(competition)
  const { $schema: _schema, ...definition } = fillBindings(competition, facts)
  const page = (sections: typeof competition.pages.index.sections) =>
    fillBindings(expandIncludes(sections, include), facts)
  return {
    ...definition,
    pages: {
      index: { sections: page(definition.pages.index.sections) },
      preview: { sections: page(definition.pages.preview.sections) },
    },
    ...shownStage(competition.phases, now, resultsPublished),
    steps: stepsOf(competition),
    routes: routesOf(competition),
    shareCard: shareCardFor(root, competition),
  }
}
