import type { Kysely } from 'kysely'
import { roundSettings } from '../../../definitions/competition/judging.ts'
import { weightedScore } from '../../../definitions/competition/scoring.ts'
import { sheetSchema } from '../../../definitions/competition/sheet-schema.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import {
  entryNumber,
  type JudgeEntry,
  type JudgeEntryDetail,
  type JudgeRound,
} from '../../../schemas/api/judging.ts'
import type { Database } from '../../db/schema.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { isPublished, publishedCompetitionIds } from '../results/published.ts'
import { rolesOf } from '../staff/roles.ts'
import { eligibleWorkIds } from './eligibility.ts'
import { entryFiles, neutralNames, parseObject } from './entry-files.ts'
import { findRound, roundState } from './rounds.ts'
import { requireAssigned, sheetView } from './sheets.ts'

type K = Kysely<Database>

const parse = parseObject

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/**
 * Where a judge fetches file `index` of an entry's files (entry-files.ts) in a blind round: the
 * judges' file route, which serves a copy without metadata under a neutral name — never the stored
 * upload's address, whose content hash a public record could match to its owner.
 */
export const judgeFileUrl = (competitionId: number, roundId: string, workId: number, index: number) =>
  `/api/judge/file?${new URLSearchParams({
    competitionId: String(competitionId),
    roundId,
    workId: String(workId),
    file: String(index),
  })}`

const rangeLabel = (c: Competition, value: string) =>
  [...c.ranges.default, ...(c.ranges.propositional ?? [])].find((r) => r.value === value)?.label ?? value

/**
 * The rounds a judge sits on with their progress: every round of the competitions where they hold a
 * judge role (one round when the role names it); an admin, who judges nothing, sees the named
 * competition's rounds with nothing assigned.
 */
export async function myRounds(
  k: K,
  registry: CompetitionRegistry,
  judgeId: number,
  competitionId?: number,
): Promise<JudgeRound[]> {
  const held = await rolesOf(k, judgeId)
  const admin = held.some((r) => r.role === 'admin')
  const seats = held.filter((r) => r.role === 'judge' && r.competitionId !== null)
  const ids = new Set(seats.map((r) => r.competitionId!))
  if (admin && competitionId !== undefined) ids.add(competitionId)
  const progress = await k
    .selectFrom('judging_assignments as a')
    .leftJoin('judging_sheets as s', (j) =>
      j
        .onRef('s.competition_id', '=', 'a.competition_id')
        .onRef('s.round_id', '=', 'a.round_id')
        .onRef('s.work_id', '=', 'a.work_id')
        .onRef('s.judge_id', '=', 'a.judge_id'),
    )
    .select(['a.competition_id', 'a.round_id', 's.submitted'])
    .where('a.judge_id', '=', judgeId)
    .where('a.work_id', 'in', eligibleWorkIds(k))
    .execute()
  const now = Date.now()
  const published = await publishedCompetitionIds(k, [...ids])
  const out: JudgeRound[] = []
  for (const id of [...ids].sort((a, b) => a - b)) {
    if (competitionId !== undefined && id !== competitionId) continue
    const c = registry.byId(id)
    if (!c?.judging) continue
    for (const r of c.judging.rounds) {
      const sits =
        admin || seats.some((s) => s.competitionId === id && (s.roundId === null || s.roundId === r.id))
      if (!sits) continue
      const mine = progress.filter((p) => p.competition_id === id && p.round_id === r.id)
      out.push({
        competitionId: id,
        competitionTitle: c.title,
        roundId: r.id,
        title: r.title,
        mode: r.mode,
        opens: r.opens,
        closes: r.closes,
        state: roundState(r, now, published.has(id)),
        blind: roundSettings(r).blind,
        resultsPublished: published.has(id),
        assigned: mine.length,
        submitted: mine.filter((p) => p.submitted === 1).length,
      })
    }
  }
  return out
}

/**
 * The entries of a round assigned to the judge that judging still takes (eligibility.ts), by work id,
 * with their sheet's status.
 */
export async function myEntries(
  k: K,
  registry: CompetitionRegistry,
  judgeId: number,
  competitionId: number,
  roundId: string,
): Promise<JudgeEntry[]> {
  const { c, round } = findRound(registry, competitionId, roundId)
  const rows = await k
    .selectFrom('judging_assignments as a')
    .innerJoin('competition_works as w', 'w.id', 'a.work_id')
    .leftJoin('judging_sheets as s', (j) =>
      j
        .onRef('s.competition_id', '=', 'a.competition_id')
        .onRef('s.round_id', '=', 'a.round_id')
        .onRef('s.work_id', '=', 'a.work_id')
        .onRef('s.judge_id', '=', 'a.judge_id'),
    )
    .select(['a.work_id', 'w.base', 'w.display_board', 's.scores', 's.submitted', 's.id as sheet'])
    .where('a.competition_id', '=', competitionId)
    .where('a.round_id', '=', roundId)
    .where('a.judge_id', '=', judgeId)
    .where('a.work_id', 'in', eligibleWorkIds(k, competitionId))
    .orderBy('a.work_id')
    .execute()
  return rows.map((r) => {
    const base = parse(r.base)
    const score =
      round.mode === 'score' && r.scores ? (weightedScore(round.criteria, parse(r.scores)) ?? null) : null
    const files = entryFiles(base, parse(r.display_board))
    const cover = files[0]?.kind === 'cover' ? files[0] : undefined
    return {
      workId: r.work_id,
      entryNumber: entryNumber(r.work_id),
      range: str(base.range),
      rangeLabel: rangeLabel(c, str(base.range)),
      worksName: str(base.worksName),
      cover: !cover
        ? null
        : round.blind
          ? judgeFileUrl(competitionId, roundId, r.work_id, 0)
          : `/api/files/${cover.stored}`,
      status: r.submitted === 1 ? 'submitted' : r.sheet !== null ? 'saved' : 'todo',
      score,
    }
  })
}

/**
 * One assigned entry as the judge opens it: the work's name, range, abstract and files (cover,
 * pictures, display boards) — in a blind round nothing of the entrant: no name, phone, company,
 * co-authors (the design statement's team) or adviser, and the files under neutral names through the
 * judges' file route, without their metadata; otherwise also the entrant's name and company, and the
 * files as uploaded under the names they had.
 */
export async function entryDetail(
  k: K,
  registry: CompetitionRegistry,
  judgeId: number,
  competitionId: number,
  roundId: string,
  workId: number,
): Promise<JudgeEntryDetail> {
  const { c, round } = findRound(registry, competitionId, roundId)
  await requireAssigned(k, competitionId, roundId, workId, judgeId)
  const work = await k
    .selectFrom('competition_works as w')
    .innerJoin('competition_registrations as r', 'r.id', 'w.registration_id')
    .select(['w.base', 'w.display_board', 'r.data'])
    .where('w.id', '=', workId)
    .executeTakeFirstOrThrow()
  const sheet = await k
    .selectFrom('judging_sheets')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('round_id', '=', roundId)
    .where('work_id', '=', workId)
    .where('judge_id', '=', judgeId)
    .executeTakeFirst()
  const base = parse(work.base)
  const published = await isPublished(k, competitionId)
  const files: JudgeEntryDetail['files'] = entryFiles(base, parse(work.display_board)).map((f, i) =>
    round.blind
      ? {
          label: f.label,
          name: neutralNames(workId, f).name,
          url: judgeFileUrl(competitionId, roundId, workId, i),
        }
      : { label: f.label, name: f.originalName, url: `/api/files/${f.stored}` },
  )
  const registration = parse(work.data)
  const proposition = str(base.proposition)
  return {
    workId,
    entryNumber: entryNumber(workId),
    range: str(base.range),
    rangeLabel: rangeLabel(c, str(base.range)),
    proposition: proposition
      ? ((c.ranges.propositional ?? []).find((p) => p.value === proposition)?.label ?? proposition)
      : null,
    worksName: str(base.worksName),
    abstract: str(base.abstract),
    files,
    entrant: round.blind
      ? null
      : { name: str(registration.name), company: str(registration.company ?? registration.companyName) },
    round: {
      competitionId,
      competitionTitle: c.title,
      roundId,
      title: round.title,
      mode: round.mode,
      opens: round.opens,
      closes: round.closes,
      state: roundState(round, Date.now(), published),
      blind: round.blind,
      resultsPublished: published,
    },
    schema: sheetSchema(round, true) as unknown as Record<string, unknown>,
    sheet: sheetView(sheet),
  }
}
