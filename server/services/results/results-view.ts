import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { CompetitionResults, MyResults, Winner } from '../../../schemas/api/results.ts'
import type { Database } from '../../db/schema.ts'
import { thumbUrl } from '../works/views.ts'
import { publishedComments, publishedResults } from './published.ts'

/**
 * Published results as entrants (我的赛事) and the public (/<slug>/results) read them, assembled from
 * published.ts — the one reader of result_awards and result_publications — and the works' own forms.
 */
type K = Kysely<Database>

const parse = (text: string | null): Record<string, unknown> => {
  try {
    const v = text ? (JSON.parse(text) as unknown) : null
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '')

export const rangeLabelOf = (c: Competition, value: string) =>
  [...c.ranges.default, ...(c.ranges.propositional ?? [])].find((r) => r.value === value)?.label ?? value

/** A stored upload's name from a form's file value (`/api/files/<hash>.<ext>`), or undefined. */
export function uploadName(value: unknown): string | undefined {
  const url = (value as { fileUrl?: unknown } | null)?.fileUrl
  if (typeof url !== 'string') return undefined
  const name = url.match(/^\/api\/files\/([0-9a-f]{64}\.[a-z0-9]{2,4})$/)?.[1]
  return name
}

/** The entrant's works in the published results of `c`, or null before publication. */
export async function myResults(
  k: K,
  c: Competition,
  registrationId: number,
  works: Array<{ id: number; base: string }>,
): Promise<MyResults> {
  const published = await publishedResults(k, c.competitionId)
  if (!published) return null
  const mine = published.entries.filter((e) => e.registrationId === registrationId)
  const comments = await publishedComments(
    k,
    c,
    mine.map((e) => e.workId),
  )
  const ranked = (range: string) =>
    published.entries.filter((e) => e.range === range && e.rank !== null).length
  return {
    publishedAt: published.publishedAt,
    works: mine.map((e) => ({
      workId: e.workId,
      worksName: str(parse(works.find((w) => w.id === e.workId)?.base ?? null).worksName, 60),
      range: e.range,
      rangeLabel: rangeLabelOf(c, e.range).slice(0, 60),
      rank: e.rank,
      rankedInRange: ranked(e.range),
      award: e.award,
      comments: comments.get(e.workId) ?? [],
    })),
  }
}

/**
 * The public results page's data, or null (the page is a 404) before publication, or for a
 * competition without judging. Only awarded works appear, by range in the definition's order and by
 * award level in the definition's order; each with its name, the entrant's name as registered, the
 * team's names and its cover's thumbnail — the cover alone becomes public (server/services/file-access.ts).
 */
export async function competitionResults(k: K, c: Competition): Promise<CompetitionResults | null> {
  if (!c.judging || !c.awards) return null
  const published = await publishedResults(k, c.competitionId)
  if (!published) return null
  const awarded = published.entries.filter((e) => e.award !== null)
  const rows = awarded.length
    ? await k
        .selectFrom('competition_works as w')
        .innerJoin('competition_registrations as r', 'r.id', 'w.registration_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['w.id', 'w.base', 'w.info', 'r.data', 'u.username'])
        .where(
          'w.id',
          'in',
          awarded.map((e) => e.workId),
        )
        .where('w.deleted_at', 'is', null)
        .execute()
    : []
  const winnerOf = (workId: number, rank: number | null): Winner | undefined => {
    const row = rows.find((r) => r.id === workId)
    if (!row) return undefined
    const base = parse(row.base)
    const members = parse(row.info).teamMembers
    const cover = uploadName(base.cover)
    return {
      workId,
      worksName: str(base.worksName, 60),
      entrant: str(parse(row.data).name, 64) || str(row.username, 64),
      team: Array.isArray(members)
        ? members.map((m) => str((m as { name?: unknown } | null)?.name, 30)).filter(Boolean)
        : [],
      cover: cover ? thumbUrl(cover) : null,
      rank,
    }
  }
  const ranges = [...c.ranges.default, ...(c.ranges.propositional ?? [])]
  return {
    competitionId: c.competitionId,
    slug: c.slug,
    title: c.title,
    publishedAt: published.publishedAt,
    ranges: ranges
      .map((range) => ({
        value: range.value,
        label: range.label.slice(0, 60),
        awards: c
          .awards!.levels.map((level) => ({
            id: level.id,
            title: level.title,
            winners: awarded
              .filter((e) => e.range === range.value && e.award?.id === level.id)
              .map((e) => winnerOf(e.workId, e.rank))
              .filter((w): w is Winner => w !== undefined),
          }))
          .filter((a) => a.winners.length > 0),
      }))
      .filter((r) => r.awards.length > 0),
  }
}
