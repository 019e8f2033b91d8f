import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { SharedComment } from '../../../schemas/api/results.ts'
import type { Database } from '../../db/schema.ts'

/**
 * Published results as everyone outside the console reads them (issue 24 item 7): 我的赛事, the
 * public results page, certificates. Nothing here is visible before the publication's status is
 * 'published' — an organiser's confirmed awards stay private until then.
 */
export interface PublishedEntry {
  workId: number
  registrationId: number
  range: string
  /** The final round's result (0–100) and the rank within the range; null where the entry had none. */
  result: number | null
  rank: number | null
  award: { id: string; title: string } | null
}

export interface PublishedResults {
  publishedAt: string
  entries: PublishedEntry[]
}

type K = Kysely<Database>

export async function isPublished(k: K, competitionId: number): Promise<boolean> {
  const row = await k
    .selectFrom('result_publications')
    .select('status')
    .where('competition_id', '=', competitionId)
    .executeTakeFirst()
  return row?.status === 'published'
}

/** The competition's published results, or null while they are not published. */
export async function publishedResults(k: K, competitionId: number): Promise<PublishedResults | null> {
  const publication = await k
    .selectFrom('result_publications')
    .select(['status', 'published_at'])
    .where('competition_id', '=', competitionId)
    .executeTakeFirst()
  if (publication?.status !== 'published' || !publication.published_at) return null
  const rows = await k
    .selectFrom('result_awards')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .orderBy('range')
    .orderBy('rank')
    .orderBy('work_id')
    .execute()
  return {
    publishedAt: publication.published_at,
    entries: rows.map((r) => ({
      workId: r.work_id,
      registrationId: r.registration_id,
      range: r.range,
      result: r.result === null ? null : Number(r.result),
      rank: r.rank,
      award: r.award_id && r.award_title ? { id: r.award_id, title: r.award_title } : null,
    })),
  }
}

/**
 * The highest published award among a registration's works (levels rank as the definition lists
 * them, the first highest), or null: before publication, without an award, or without judging.
 */
export async function publishedAwardOf(k: K, c: Competition, registrationId: number): Promise<string | null> {
  if (!(await isPublished(k, c.competitionId))) return null
  const rows = await k
    .selectFrom('result_awards')
    .select(['award_id', 'award_title'])
    .where('competition_id', '=', c.competitionId)
    .where('registration_id', '=', registrationId)
    .where('award_id', 'is not', null)
    .execute()
  const order = (c.awards?.levels ?? []).map((l) => l.id)
  const best = rows
    .filter((r) => r.award_id !== null && order.includes(r.award_id))
    .sort((a, b) => order.indexOf(a.award_id!) - order.indexOf(b.award_id!))[0]
  return best?.award_title ?? null
}

/** The competitions whose results are published (the events list links their results pages). */
/** The competitions whose results are published: all, or those of `among`. */
export async function publishedCompetitionIds(k: K, among?: number[]): Promise<Set<number>> {
  if (among && !among.length) return new Set()
  let query = k.selectFrom('result_publications').select('competition_id').where('status', '=', 'published')
  if (among) query = query.where('competition_id', 'in', among)
  const rows = await query.execute()
  return new Set(rows.map((r) => r.competition_id))
}

const CHINESE_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十']
/**
 * 评委一 … 评委十, then 评委11: a judge as the entrant reads them, numbered per work and round in the
 * order the comments were submitted — never who.
 */
export const anonymousJudge = (n: number) => `评委${n <= 10 ? CHINESE_DIGITS[n] : String(n)}`

/**
 * The judges' comments on the given works, by work: only once the results are published, only from
 * rounds whose definition has `shareComments: true`, only submitted sheets of judges still assigned to
 * the work (a judge who declared a conflict was replaced), and only non-empty ones.
 */
export async function publishedComments(
  k: K,
  c: Competition,
  workIds: number[],
): Promise<Map<number, SharedComment[]>> {
  const out = new Map<number, SharedComment[]>()
  const rounds = (c.judging?.rounds ?? []).filter((r) => r.shareComments === true)
  if (!workIds.length || !rounds.length || !(await isPublished(k, c.competitionId))) return out
  const rows = await k
    .selectFrom('judging_sheets as s')
    .innerJoin('judging_assignments as a', (j) =>
      j
        .onRef('a.competition_id', '=', 's.competition_id')
        .onRef('a.round_id', '=', 's.round_id')
        .onRef('a.work_id', '=', 's.work_id')
        .onRef('a.judge_id', '=', 's.judge_id'),
    )
    .select(['s.work_id', 's.round_id', 's.comment'])
    .where('s.competition_id', '=', c.competitionId)
    .where(
      's.round_id',
      'in',
      rounds.map((r) => r.id),
    )
    .where('s.work_id', 'in', workIds)
    .where('s.submitted', '=', 1)
    .orderBy('s.work_id')
    .orderBy('s.submitted_at')
    .orderBy('s.id')
    .execute()
  for (const round of rounds) {
    for (const workId of workIds) {
      const comments = rows
        .filter((r) => r.work_id === workId && r.round_id === round.id)
        .map((r) => r.comment.trim())
        .filter((comment) => comment !== '')
        .map((comment, i) => ({
          roundId: round.id,
          roundTitle: round.title,
          judge: anonymousJudge(i + 1),
          comment,
        }))
      if (comments.length) out.set(workId, [...(out.get(workId) ?? []), ...comments])
    }
  }
  return out
}

/**
 * Whether a stored upload is the cover of a work with a published award: the one file of a
 * competition entry the public results page shows (its other files, forms and proofs stay private).
 * `name` is a content hash with its extension; anything else is no cover.
 */
export async function isPublishedWinnerCover(k: K, name: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}\.[a-z0-9]{2,4}$/.test(name)) return false
  const rows = await k
    .selectFrom('competition_works as w')
    .innerJoin('result_awards as a', 'a.work_id', 'w.id')
    .innerJoin('result_publications as p', 'p.competition_id', 'a.competition_id')
    .select(['w.base'])
    .where('p.status', '=', 'published')
    .where('a.award_id', 'is not', null)
    .where('w.deleted_at', 'is', null)
    .where('w.base', 'like', `%/api/files/${name}%`)
    .limit(20)
    .execute()
  return rows.some((r) => {
    try {
      const cover = (JSON.parse(r.base) as { cover?: { fileUrl?: unknown } }).cover
      return cover?.fileUrl === `/api/files/${name}`
    } catch {
      return false
    }
  })
}
