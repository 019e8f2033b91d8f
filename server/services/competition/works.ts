import { sql } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { CompetitionWork } from '../../../schemas/api/competition.ts'
import type { Db } from '../../db/connect.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import {
  checkChoice,
  checkFiles,
  findRegistration,
  liveWorks,
  COMPETITION_MSG as M,
  ownWork,
  readForm,
  requireOpenRegistration,
  requirePhase,
  type Work,
  workView,
} from '../competition-entries.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { deleteDraft } from './drafts.ts'
import { competitionOf, competitionOfWork } from './lookup.ts'

/** One work as the API answers it. */
const view = (c: Competition | undefined, w: Work) => workView(c, w) as CompetitionWork

/** The user's live works in a competition. */
export async function listWorks(
  { kysely: db }: Db,
  userId: number,
  c: Competition,
): Promise<CompetitionWork[]> {
  return (await liveWorks(db, userId, c.competitionId)).map((w) => view(c, w))
}

/** One of the user's works (anyone else's reads as not found). */
export async function getWork(
  { kysely: db }: Db,
  registry: CompetitionRegistry,
  userId: number,
  id: unknown,
): Promise<CompetitionWork> {
  const w = await ownWork(db, userId, id)
  return view(registry.byId(w.competition_id), w)
}

/** A work's adviser form, null until saved. */
export async function adviserOf({ kysely: db }: Db, userId: number, id: unknown) {
  return view(undefined, await ownWork(db, userId, id)).adviser
}

export type WorkStep = 'base' | 'info'

/**
 * What a work write is aimed at, before anything is written: the user's existing work (when the body
 * names an id) or the competition a new one joins. The caller checks the family's path against it.
 */
export async function workTarget(
  { kysely: db }: Db,
  registry: CompetitionRegistry,
  userId: number,
  body: { id?: unknown; competitionId?: unknown },
): Promise<{ c: Competition; existing: Work | undefined }> {
  const existing = body.id === undefined ? undefined : await ownWork(db, userId, body.id)
  const c = existing ? competitionOfWork(registry, existing) : competitionOf(registry, body.competitionId)
  return { c, existing }
}

/**
 * Saves a work's base info (a new work when `existing` is absent, within the per-entrant limit) or its
 * design statement and team (`info`). Answers the work and the message to show.
 */
export async function saveWork(
  database: Db,
  userId: number,
  c: Competition,
  existing: Work | undefined,
  step: WorkStep,
  body: Record<string, unknown>,
): Promise<{ work: CompetitionWork; msg: string }> {
  const db = database.kysely
  if (step === 'base' && !existing && !c.works.add) throw new BusinessError(CODE.badRequest, M.worksClosed)
  requirePhase(c, 'submit')
  const registration = requireOpenRegistration(await findRegistration(db, userId, c.competitionId))
  const now = nowIso()
  if (step === 'info') {
    if (!existing) throw new BusinessError(CODE.badRequest, M.saveBaseFirst)
    const form = readForm(c, 'workInfo', body)
    await checkFiles(db, userId, form)
    await db
      .updateTable('competition_works')
      .set({ info: JSON.stringify(form), updated_at: now })
      .where('id', '=', existing.id)
      .execute()
    await deleteDraft(database, userId, c, 'workInfo', existing.id)
    return { work: view(c, await ownWork(db, userId, existing.id)), msg: '已保存' }
  }
  const form = readForm(c, 'workBase', body)
  const ranges = [...c.ranges.default, ...(c.ranges.propositional ?? [])]
  checkChoice(form.range, ranges, '参赛类别')
  checkChoice(form.proposition, c.ranges.propositional ?? [], '命题')
  await checkFiles(db, userId, form)
  if (existing) {
    await db
      .updateTable('competition_works')
      .set({ base: JSON.stringify(form), updated_at: now })
      .where('id', '=', existing.id)
      .execute()
    await deleteDraft(database, userId, c, 'workBase', existing.id)
    return { work: view(c, await ownWork(db, userId, existing.id)), msg: '已保存' }
  }
  // The limit is claimed first, by one conditional UPDATE: a burst cannot pass it.
  const id = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('competition_registrations')
      .set({ works_count: sql<number>`works_count + 1` })
      .where('id', '=', registration.id)
      .where('works_count', '<', c.works.max)
      .where('finalised_at', 'is', null)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1)
      throw new BusinessError(CODE.badRequest, M.worksMax(c.works.max))
    const row = await trx
      .insertInto('competition_works')
      .values({
        competition_id: c.competitionId,
        user_id: userId,
        registration_id: registration.id,
        base: JSON.stringify(form),
        info: null,
        adviser: null,
        property_right: null,
        display_board: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  })
  await deleteDraft(database, userId, c, 'workBase', 0)
  return { work: view(c, await ownWork(db, userId, id)), msg: '作品已保存' }
}

/** Deletes one of the user's works (submission phase, entry not finalised), its draft and its place in the count. */
export async function deleteWork({ kysely: db }: Db, userId: number, c: Competition, w: Work): Promise<void> {
  requirePhase(c, 'submit')
  requireOpenRegistration(await findRegistration(db, userId, c.competitionId))
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .updateTable('competition_works')
      .set({ deleted_at: nowIso() })
      .where('id', '=', w.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (Number(gone.numUpdatedRows) === 1)
      await trx
        .updateTable('competition_registrations')
        .set({ works_count: sql<number>`works_count - 1` })
        .where('id', '=', w.registration_id)
        .where('works_count', '>', 0)
        .execute()
    await trx
      .deleteFrom('competition_drafts')
      .where('user_id', '=', userId)
      .where('work_id', '=', w.id)
      .execute()
  })
}

/** The later steps' forms, each in its own column of the work. */
export const STEP_COLUMNS = {
  propertyRight: 'property_right',
  displayBoard: 'display_board',
  adviser: 'adviser',
} as const
export type LaterStep = keyof typeof STEP_COLUMNS

/** Writes one later step's form (property right, display board, adviser) onto one of the user's works. */
export async function writeStep(
  database: Db,
  registry: CompetitionRegistry,
  userId: number,
  key: LaterStep,
  body: Record<string, unknown>,
): Promise<CompetitionWork> {
  const db = database.kysely
  const w = await ownWork(db, userId, body.id)
  const c = competitionOfWork(registry, w)
  requirePhase(c, 'submit')
  requireOpenRegistration(await findRegistration(db, userId, c.competitionId))
  const form = readForm(c, key, body)
  await checkFiles(db, userId, form)
  await db
    .updateTable('competition_works')
    .set({ [STEP_COLUMNS[key]]: JSON.stringify(form), updated_at: nowIso() })
    .where('id', '=', w.id)
    .execute()
  await deleteDraft(database, userId, c, key, w.id)
  return view(c, await ownWork(db, userId, w.id))
}
