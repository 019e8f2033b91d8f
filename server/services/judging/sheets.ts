import Ajv from 'ajv'
import type { Kysely } from 'kysely'
import type { JudgingRound } from '../../../definitions/competition/judging.ts'
import { sheetSchema } from '../../../definitions/competition/sheet-schema.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { isPublished } from '../results/published.ts'
import { writeAudit } from '../staff/audit.ts'
import { ineligibleAmong } from './eligibility.ts'
import { lockRound } from './round-lock.ts'
import { findRound, JUDGING_MSG, requireOpen } from './rounds.ts'

const ajv = new Ajv({ allErrors: true, strict: false })
const compiled = new Map<string, ReturnType<typeof ajv.compile>>()

/** The validator of a round's sheet schema (definitions/competition/sheet-schema.ts), compiled once per shape. */
function validatorOf(round: JudgingRound, final: boolean) {
  const schema = sheetSchema(round, final)
  const key = JSON.stringify(schema)
  let v = compiled.get(key)
  if (!v) {
    v = ajv.compile(schema)
    compiled.set(key, v)
  }
  return v
}

export interface SheetInput {
  competitionId: number
  roundId: string
  workId: number
  /** The form's values: criterion ids → scores, or `pass`, and `comment`. */
  values?: Record<string, unknown>
  /** true: the final submission, every criterion (or the verdict) required. */
  submit?: boolean
}

export interface SheetView {
  values: Record<string, unknown>
  submitted: boolean
  updatedAt: string | null
  submittedAt: string | null
}

type Row = Database['judging_sheets']

export function sheetView(
  row:
    | (Pick<Row, 'scores' | 'pass' | 'comment' | 'updated_at' | 'submitted_at'> & { submitted: number })
    | undefined,
): SheetView {
  if (!row) return { values: {}, submitted: false, updatedAt: null, submittedAt: null }
  const values: Record<string, unknown> = { ...(JSON.parse(row.scores) as Record<string, unknown>) }
  if (row.pass !== null) values.pass = row.pass === 1
  if (row.comment) values.comment = row.comment
  return {
    values,
    submitted: row.submitted === 1,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
  }
}

/**
 * Refuses unless the work is assigned to the judge in the round and judging still takes it
 * (eligibility.ts): an entry returned or disqualified since it was assigned is closed to its judges.
 */
export async function requireAssigned(
  k: Kysely<Database>,
  competitionId: number,
  roundId: string,
  workId: number,
  judgeId: number,
): Promise<void> {
  const row = await k
    .selectFrom('judging_assignments')
    .select('id')
    .where('competition_id', '=', competitionId)
    .where('round_id', '=', roundId)
    .where('work_id', '=', workId)
    .where('judge_id', '=', judgeId)
    .executeTakeFirst()
  if (!row) throw new BusinessError(CODE.notFound, JUDGING_MSG.notAssigned)
  const out = await ineligibleAmong(k, competitionId, [workId])
  if (out.size) throw new BusinessError(CODE.badRequest, JUDGING_MSG.withdrawn)
}

/**
 * Saves a judge's sheet (README "Judging"): an autosave takes a partial sheet, the submission a
 * complete one, both checked against the round's sheet schema — the schema the form is drawn from.
 * A submitted sheet stays submitted: a later change must be complete again. Only while the round is
 * open and the results are not published (read under the round's lock, which a publication takes too),
 * only on an entry assigned to the judge that judging still takes. Each change writes its audit entry
 * (an unchanged autosave writes nothing).
 */
export async function saveSheet(
  k: Kysely<Database>,
  registry: CompetitionRegistry,
  judgeId: number,
  input: SheetInput,
): Promise<SheetView> {
  const { round } = findRound(registry, input.competitionId, input.roundId)
  requireOpen(round)
  await requireAssigned(k, input.competitionId, input.roundId, input.workId, judgeId)
  const values = input.values ?? {}
  const key = {
    competition_id: input.competitionId,
    round_id: input.roundId,
    work_id: input.workId,
    judge_id: judgeId,
  }
  return k.transaction().execute(async (trx) => {
    await lockRound(trx, input.competitionId, input.roundId)
    if (await isPublished(trx, input.competitionId))
      throw new BusinessError(CODE.badRequest, JUDGING_MSG.published)
    const before = await trx
      .selectFrom('judging_sheets')
      .selectAll()
      .where('competition_id', '=', key.competition_id)
      .where('round_id', '=', key.round_id)
      .where('work_id', '=', key.work_id)
      .where('judge_id', '=', key.judge_id)
      .executeTakeFirst()
    const final = input.submit === true || before?.submitted === 1
    if (!validatorOf(round, final)(values)) {
      const partialOk = validatorOf(round, false)(values)
      throw new BusinessError(
        CODE.badRequest,
        partialOk
          ? input.submit
            ? JUDGING_MSG.incomplete
            : JUDGING_MSG.submittedNeedsAll
          : sheetError(round),
      )
    }
    const { comment, pass, ...scores } = values
    const now = nowIso()
    const next = {
      scores: JSON.stringify(round.mode === 'score' ? scores : {}),
      pass: round.mode === 'qualifying' && typeof pass === 'boolean' ? (pass ? 1 : 0) : null,
      comment: typeof comment === 'string' ? comment : '',
      submitted: final ? 1 : 0,
    }
    const unchanged =
      before &&
      before.scores === next.scores &&
      before.pass === next.pass &&
      before.comment === next.comment &&
      before.submitted === next.submitted
    if (unchanged) return sheetView(before)
    const submittedAt = final ? (before?.submitted_at ?? now) : null
    const row = await trx
      .insertInto('judging_sheets')
      .values({ ...key, ...next, created_at: now, updated_at: now, submitted_at: submittedAt })
      .onConflict((oc) =>
        oc
          .columns(['competition_id', 'round_id', 'work_id', 'judge_id'])
          .doUpdateSet({ ...next, updated_at: now, submitted_at: submittedAt }),
      )
      .returning(['scores', 'pass', 'comment', 'submitted', 'updated_at', 'submitted_at'])
      .executeTakeFirstOrThrow()
    await writeAudit(trx, {
      actorId: judgeId,
      action: final ? 'judging.sheet.submit' : 'judging.sheet.save',
      targetType: 'work',
      targetId: input.workId,
      competitionId: input.competitionId,
      detail: {
        round: input.roundId,
        before: before ? sheetView(before).values : null,
        after: sheetView(row).values,
      },
    })
    return sheetView(row)
  })
}

/** The refusal of a sheet with a value out of its range: the criteria and their maxima. */
function sheetError(round: JudgingRound): string {
  if (round.mode === 'qualifying') return '评审结论只能是“通过”或“不通过”，评语不超过 2000 字'
  return `评分须在 0 到满分之间（${round.criteria.map((c) => `${c.title} ${c.max} 分`).join('，')}），评语不超过 2000 字`
}
