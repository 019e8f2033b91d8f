import type { Kysely } from 'kysely'
import type { Competition, CompetitionForms } from '../../../definitions/competition/types.ts'
import type { CompetitionDraft } from '../../../schemas/api/competition.ts'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import { FORM_KEYS, isBlankDraft, COMPETITION_MSG as M, ownWork } from '../competition-entries.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { competitionOf } from './lookup.ts'

/** Drafts beyond this (the JSON text of one form) are refused. */
export const DRAFT_MAX_BYTES = 64 * 1024

/** Forgets the draft of one form (after the form itself was saved, or when it was emptied). */
export const deleteDraft = (
  { kysely: db }: Db,
  userId: number,
  c: Competition,
  formKey: keyof CompetitionForms,
  workId = 0,
) =>
  db
    .deleteFrom('competition_drafts')
    .where('user_id', '=', userId)
    .where('competition_id', '=', c.competitionId)
    .where('form_key', '=', formKey)
    .where('work_id', '=', workId)
    .execute()

export interface DraftAddress {
  competitionId?: unknown
  formKey?: unknown
  workId?: unknown
}

/** The draft's key, refused when the competition has no such form or the work is not the user's. */
async function draftKey(
  db: Kysely<Database>,
  registry: CompetitionRegistry,
  userId: number,
  raw: DraftAddress,
) {
  const c = competitionOf(registry, raw.competitionId)
  const key = raw.formKey as keyof CompetitionForms
  if (typeof key !== 'string' || !FORM_KEYS.includes(key) || !c.forms[key])
    throw new BusinessError(CODE.badRequest, M.draftForm)
  let workId = 0
  if (raw.workId !== undefined && raw.workId !== 0 && raw.workId !== '0') {
    const w = await ownWork(db, userId, raw.workId)
    if (w.competition_id !== c.competitionId) throw new BusinessError(CODE.notFound, M.workNotFound)
    workId = w.id
  }
  return { c, key, workId }
}

/** The user's unfinished form, or null when there is none (or nothing typed in it). */
export async function readDraft(
  { kysely: db }: Db,
  registry: CompetitionRegistry,
  userId: number,
  address: DraftAddress,
): Promise<CompetitionDraft | null> {
  const { c, key, workId } = await draftKey(db, registry, userId, address)
  const row = await db
    .selectFrom('competition_drafts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('competition_id', '=', c.competitionId)
    .where('form_key', '=', key)
    .where('work_id', '=', workId)
    .executeTakeFirst()
  const data = row ? (JSON.parse(row.data) as Record<string, unknown>) : null
  if (!row || !data || isBlankDraft(data)) return null
  return { formKey: key, workId, data, updateTime: row.updated_at }
}

/** Keeps (or, when blank, forgets) one unfinished form; answers the draft and the message to show. */
export async function saveDraft(
  database: Db,
  registry: CompetitionRegistry,
  userId: number,
  input: DraftAddress & { data: Record<string, unknown> },
): Promise<{ draft: CompetitionDraft; msg: string }> {
  const db = database.kysely
  const { c, key, workId } = await draftKey(db, registry, userId, input)
  const { data } = input
  const text = JSON.stringify(data)
  if (Buffer.byteLength(text) > DRAFT_MAX_BYTES)
    throw new BusinessError(CODE.tooLarge, M.draftTooLarge(DRAFT_MAX_BYTES / 1024))
  const now = nowIso()
  const draft = { formKey: key, workId, data, updateTime: now }
  // Nothing typed (or all of it erased): no draft, so nothing is offered back later.
  if (isBlankDraft(data)) {
    await deleteDraft(database, userId, c, key, workId)
    return { draft, msg: '草稿为空，未保存' }
  }
  await db
    .insertInto('competition_drafts')
    .values({
      user_id: userId,
      competition_id: c.competitionId,
      form_key: key,
      work_id: workId,
      data: text,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'competition_id', 'form_key', 'work_id'])
        .doUpdateSet({ data: text, updated_at: now }),
    )
    .execute()
  return { draft, msg: '草稿已保存' }
}
