import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Phases } from '../../definitions/competition/phases.ts'
import { nowIso } from '../../server/lib/time.ts'
import { beijing } from './definition-time.ts'
import { eventFixture, OPEN_EVENT, writeEvent } from './events.ts'
import { tempDir } from './temp-dir.ts'
import { VALID_FORMS } from './valid-forms.ts'

/**
 * Competition definitions for server tests: fixtures from tests/fixtures/competitions, written into a
 * temporary DEFINITIONS_ROOT (with the landing-pages/ and public/ files they need) at test time, so
 * phases can be set relative to now and the real competitions/ never matter. The root's landing
 * pages are the fixtures of tests/fixtures/landing-pages, which the server indexes from there.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/competitions')
const SCHEMA = path.resolve(import.meta.dirname, '../../competitions/competition.schema.json')
/** The landing pages (and their fragments) server tests take sign-ups on: no-signup, signup-open, signup-closed. */
const LANDING_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/landing-pages')

export type Fixture = 'fee-default' | 'qt2025' | 'optional-fee'
export const FIXTURE_IDS: Record<Fixture, number> = {
  'fee-default': 9001,
  qt2025: 9002,
  'optional-fee': 9003,
}

const DAY = 86_400_000

/** Where a competition stands: each shifts the four phases around now. */
export const PHASES = {
  upcoming: [1, 10, 20, 30],
  registering: [-1, 10, 20, 30],
  submitting: [-20, -10, 10, 30],
  judging: [-30, -20, -10, 10],
  finished: [-40, -30, -20, -10],
} as const
export type Stage = keyof typeof PHASES

export function phasesAt(stage: Stage, now = Date.now()): Phases {
  const [a, b, c, d] = PHASES[stage].map((days) => beijing(Math.floor((now + days * DAY) / 60_000) * 60_000))
  return { registrationOpens: a!, registrationCloses: b!, submissionDeadline: c!, results: d! }
}

export function fixture(name: Fixture, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const definition = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'))
  return { ...definition, phases: phasesAt('registering'), ...changes }
}

/**
 * A definitions root holding `files` (slug → definition, or raw text for a broken file); by default
 * every fixture, registering now.
 */
export function definitionsRoot(
  files: Record<string, Record<string, unknown> | string> = {
    'fee-default': fixture('fee-default'),
    qt2025: fixture('qt2025'),
    'optional-fee': fixture('optional-fee'),
  },
): string {
  const root = tempDir('definitions')
  fs.mkdirSync(path.join(root, 'competitions'))
  fs.mkdirSync(path.join(root, 'landing-pages/_shared/competition'), { recursive: true })
  fs.mkdirSync(path.join(root, 'public/competition'), { recursive: true })
  fs.writeFileSync(path.join(root, 'public/competition/cover.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]))
  fs.writeFileSync(
    path.join(root, 'landing-pages/_shared/competition/intro.json'),
    JSON.stringify({ sections: [{ type: 'hero', props: { title: '大赛简介（共享片段）' } }] }),
  )
  fs.copyFileSync(SCHEMA, path.join(root, 'competitions/competition.schema.json'))
  writeLandingFixtures(path.join(root, 'landing-pages'))
  for (const [slug, definition] of Object.entries(files)) writeDefinition(root, slug, definition)
  // One event page, open now (tests/support/events.ts), so its form and check-in have a live event.
  writeEvent(root, OPEN_EVENT, eventFixture())
  return root
}

/** The fixture pages and fragments, each page naming the schema beside it as the checker asks. */
function writeLandingFixtures(dir: string) {
  fs.cpSync(path.join(LANDING_FIXTURES, '_shared'), path.join(dir, '_shared'), { recursive: true })
  for (const name of fs.readdirSync(LANDING_FIXTURES).filter((f) => f.endsWith('.json'))) {
    const page = JSON.parse(fs.readFileSync(path.join(LANDING_FIXTURES, name), 'utf8'))
    const text = JSON.stringify({ ...page, $schema: './landing-page.schema.json' }, null, 2)
    fs.writeFileSync(path.join(dir, name), text)
  }
}

export function writeDefinition(root: string, slug: string, definition: Record<string, unknown> | string) {
  const text =
    typeof definition === 'string'
      ? definition
      : JSON.stringify({ ...definition, ...yearOfPhases(definition) }, null, 2)
  fs.writeFileSync(path.join(root, 'competitions', `${slug}.json`), text)
}

/**
 * The fixtures' phases move with the clock while their `year` is written once; the checker refuses a
 * year outside the years of registration opening and results (definitions/competition/schedule.ts
 * checkYear). A year the phases have left behind becomes the year registration opens, so the
 * fixtures pass in any year the tests run.
 */
function yearOfPhases(definition: Record<string, unknown>): { year?: number } {
  const phases = definition.phases as Partial<Phases> | undefined
  const first = Number(phases?.registrationOpens?.slice(0, 4))
  const last = Number(phases?.results?.slice(0, 4))
  if (typeof definition.year !== 'number' || !first || !last) return {}
  return definition.year >= first && definition.year <= last ? {} : { year: first }
}

/** The year a written definition's certificates name (its `year`, unless its phases have left it). */
export const writtenYear = (definition: Record<string, unknown>) =>
  yearOfPhases(definition).year ?? (definition.year as number)

/** The addresses of the files the valid competition forms name. */
function sampleFileNames(): string[] {
  const urls = new Set<string>()
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') {
      const url = (value as { fileUrl?: unknown }).fileUrl
      if (typeof url === 'string') urls.add(url)
      else Object.values(value).forEach(visit)
    }
  }
  visit(VALID_FORMS)
  return [...urls].map((url) => url.replace('/api/files/', ''))
}

/** The files the valid competition forms name, recorded as stored (their bytes never matter here). */
export async function storeSampleFiles(app: FastifyInstance): Promise<void> {
  const owner = await app.db.kysely.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()
  for (const name of sampleFileNames()) {
    await app.db.kysely
      .insertInto('files')
      .values({
        name,
        sha256: name.split('.')[0]!,
        mime: 'application/octet-stream',
        size: 1024,
        original_name: 'sample',
        owner_id: owner.id,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
  }
}

/** Records that this user uploaded the sample files, as an entrant filling the forms would have. */
export async function uploadSampleFiles(app: FastifyInstance, userId: number): Promise<void> {
  await app.db.kysely
    .insertInto('file_uploads')
    .values(sampleFileNames().map((name) => ({ name, user_id: userId, created_at: nowIso() })))
    .onConflict((oc) => oc.columns(['name', 'user_id']).doNothing())
    .execute()
}

export const REGISTRATION = VALID_FORMS['competition-registration']
export const QT_REGISTRATION = VALID_FORMS['competition-qt-registration']
export const WORK_BASE = VALID_FORMS['competition-work-base']
export const WORK_INFO = VALID_FORMS['competition-work-info']
export const ADVISER = VALID_FORMS['competition-adviser']
export const PROPERTY_RIGHT = VALID_FORMS['competition-property-right']
export const DISPLAY_BOARD = VALID_FORMS['competition-display-board']
