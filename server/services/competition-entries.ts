import type { Kysely, Selectable } from 'kysely'
import { type PhaseAction, phaseRefusal } from '../../definitions/competition/phases.ts'
import { isWorkComplete, type WorkProgress, workStepOf } from '../../definitions/competition/progress.ts'
import type { Competition, CompetitionForms } from '../../definitions/competition/types.ts'
import { FORMATS } from '../../schemas/formats.ts'
import { DOCUMENT_EXTENSIONS, IMAGE_EXTENSIONS } from '../../schemas/forms/fields.ts'
import { FORMS, type FormName } from '../../schemas/forms/index.ts'
import type { CompetitionRegistrationTable, CompetitionWorkTable, Database } from '../db/schema.ts'
import { BusinessError, CODE } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { uploadsOf } from './file-records.ts'
import { moderationOf } from './manage/moderation-view.ts'
import { MAX_UPLOAD_BYTES } from './storage.ts'

/** The Chinese answers of the competition API, each written once. */
export const COMPETITION_MSG = {
  notFound: '赛事不存在或已下线',
  registerFirst: '请先填写报名信息',
  workNotFound: '作品不存在',
  worksMax: (max: number) => `每人最多提交 ${max} 件作品`,
  finalised: '参赛作品已确认提交，不能再修改',
  payFirst: '请先缴纳报名费，再确认提交',
  noCompleteWork: '请至少完成一件作品的全部步骤，再确认提交',
  free: '本赛事免费参赛，无需缴纳报名费',
  noStep: (label: string) => `本赛事没有“${label}”这一步`,
  worksClosed: '本赛事不在网上提交作品',
  saveBaseFirst: '请先保存作品基本信息',
  badChoice: (label: string) => `请选择有效的${label}`,
  fileMissing: '文件不存在或未上传成功，请重新上传',
  fileType: (types: readonly string[]) => `仅支持 ${types.join('、')} 格式的文件，请重新上传`,
  fileTooLarge: '文件大小不能超过20MB',
  wrongFamily: (title: string, path: string, own: string) =>
    `“${title}”不使用接口 ${path}，请使用 /api${own}`,
  draftTooLarge: (kb: number) => `草稿内容过大（最多 ${kb}KB）`,
  draftForm: '本赛事没有这张表单',
  noCertificateYet: (when: string) => `结果公布后才能查看参赛证书（结果公布：${when}）`,
  noCertificate: '未确认提交参赛作品，没有参赛证书',
  resultsNotPublished: '评审结果尚未公布，公布后即可查看参赛证书',
  disqualifiedNoCertificate: '该报名已被取消参赛资格，没有参赛证书',
  verifyForCertificate:
    '证书以实名认证的姓名颁发：请先在“我的—认证信息”完成实名认证，认证后即可查看和下载参赛证书',
  addressNotFound: '地址不存在',
  disqualified: '您的参赛资格已被取消，不能再确认提交',
} as const

/** Labels of the definition's form keys, for refusals and the docs. */
export const FORM_LABELS: Record<keyof CompetitionForms, string> = {
  registration: '报名信息',
  workBase: '作品基本信息',
  workInfo: '设计说明与团队',
  adviser: '指导老师',
  propertyRight: '知识产权证明',
  displayBoard: '展板',
}
export const FORM_KEYS = Object.keys(FORM_LABELS) as Array<keyof CompetitionForms>

/** Refuses `action` outside its phase with the message naming the phase and its dates. */
export function requirePhase(competition: Competition, action: PhaseAction, now = Date.now()): void {
  const refusal = phaseRefusal(competition.phases, action, now)
  if (refusal) throw new BusinessError(CODE.badRequest, refusal)
}

/** The form a step uses, refused when the competition has no such step. */
export function formOf(competition: Competition, key: keyof CompetitionForms): FormName {
  const name = competition.forms[key]
  if (!name) throw new BusinessError(CODE.badRequest, COMPETITION_MSG.noStep(FORM_LABELS[key]))
  // The checker refused any definition naming a form the registry lacks.
  if (!Object.hasOwn(FORMS, name))
    throw new BusinessError(CODE.badRequest, COMPETITION_MSG.noStep(FORM_LABELS[key]))
  return name as FormName
}

/** A form body read with the shared precompiled validator (first failing field's message). */
export const readForm = (competition: Competition, key: keyof CompetitionForms, body: unknown) =>
  parseForm(formOf(competition, key), body)

/** Image types for covers, pictures and display boards; documents add PDF (SPEC §9, brief). */
// The forms' own lists: a type the form refuses is refused here too, and no other is let in.
export const IMAGE_TYPES = IMAGE_EXTENSIONS
export const DOCUMENT_TYPES = DOCUMENT_EXTENSIONS
const FIELD_TYPES: Record<string, readonly string[]> = { propertyRight: DOCUMENT_TYPES }

const FILE_URL = /^\/api\/files\/([0-9a-f]{64}\.([a-z0-9]{2,4}))$/

/**
 * Every {fileUrl, fileOgName} in validated form data must name a file this user uploaded, of a type
 * its field accepts and within the upload limit: a form cannot point at a file nobody uploaded, nor
 * at another entrant's by its address.
 */
export async function checkFiles(
  db: Kysely<Database>,
  userId: number,
  data: Record<string, unknown>,
): Promise<void> {
  const wanted: Array<{ name: string; ext: string; types: readonly string[] }> = []
  for (const [field, value] of Object.entries(data)) {
    const list = Array.isArray(value) ? value : [value]
    for (const item of list) {
      if (!item || typeof item !== 'object' || !('fileUrl' in item)) continue
      const url = (item as { fileUrl: unknown }).fileUrl
      const match = typeof url === 'string' ? FILE_URL.exec(url) : null
      if (!match) throw new BusinessError(CODE.badRequest, COMPETITION_MSG.fileMissing)
      const types = FIELD_TYPES[field] ?? IMAGE_TYPES
      wanted.push({ name: match[1]!, ext: match[2]!, types })
    }
  }
  for (const file of wanted)
    if (!file.types.includes(file.ext))
      throw new BusinessError(CODE.badRequest, COMPETITION_MSG.fileType(file.types))
  if (!wanted.length) return
  const names = [...new Set(wanted.map((f) => f.name))]
  const sizes = await uploadsOf(db, userId, names)
  for (const name of names) {
    const size = sizes.get(name)
    if (size === undefined) throw new BusinessError(CODE.badRequest, COMPETITION_MSG.fileMissing)
    if (size > MAX_UPLOAD_BYTES) throw new BusinessError(CODE.badRequest, COMPETITION_MSG.fileTooLarge)
  }
}

/** Choice fields must hold one of the definition's values (the form only knows they are strings). */
export function checkChoice(value: unknown, allowed: Array<{ value: string }>, label: string): void {
  if (value === undefined) return
  if (typeof value !== 'string' || !allowed.some((c) => c.value === value))
    throw new BusinessError(CODE.badRequest, COMPETITION_MSG.badChoice(label))
}

export type Registration = Selectable<CompetitionRegistrationTable>
export type Work = Selectable<CompetitionWorkTable>

const parse = (text: string | null): Record<string, unknown> | null => {
  if (text === null) return null
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return null
  }
}

export const progressOf = (work: Work): WorkProgress => ({
  info: work.info !== null,
  adviser: work.adviser !== null,
  propertyRight: work.property_right !== null,
  displayBoard: work.display_board !== null,
})

/** A work as the API answers it: the base info's fields at the top level, and each step's form. */
export function workView(competition: Competition | undefined, work: Work) {
  const base = parse(work.base) ?? {}
  return {
    id: work.id,
    competitionId: work.competition_id,
    worksName: typeof base.worksName === 'string' ? base.worksName : '',
    base,
    info: parse(work.info),
    adviser: parse(work.adviser),
    propertyRight: (parse(work.property_right)?.propertyRight as unknown[] | undefined) ?? null,
    displayBoard: (parse(work.display_board)?.displayBoard as unknown[] | undefined) ?? null,
    complete: competition ? isWorkComplete(competition, progressOf(work)) : false,
    createTime: work.created_at,
    updateTime: work.updated_at,
  }
}

export const registrationData = (row: Registration) => parse(row.data) ?? {}

export async function findRegistration(db: Kysely<Database>, userId: number, competitionId: number) {
  return db
    .selectFrom('competition_registrations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('competition_id', '=', competitionId)
    .executeTakeFirst()
}

/**
 * What a registration form starts with before the entrant has saved one: the verified real name and
 * the account's phone (and e-mail), so nobody types again what the account already proves. Fields the
 * account does not have are left out; the registration forms all name them `name`, `phone`, `email`.
 */
export async function registrationPrefill(
  db: Kysely<Database>,
  userId: number,
): Promise<Record<string, string>> {
  const row = await db
    .selectFrom('users')
    .leftJoin('realname_auths', 'realname_auths.user_id', 'users.id')
    .select(['users.account', 'users.email', 'realname_auths.username as realName'])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  const prefill: Record<string, string> = {}
  if (row?.realName) prefill.name = row.realName
  if (row && FORMATS.phone.test(row.account)) prefill.phone = row.account
  if (row?.email && FORMATS.email.test(row.email)) prefill.email = row.email
  return prefill
}

/**
 * Whether a draft holds nothing the entrant typed: every value empty (a form opened and left untouched
 * reports its blank fields). Such a draft is not kept, so no notice offers to restore it.
 */
export function isBlankDraft(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true
  if (Array.isArray(value)) return value.every(isBlankDraft)
  if (typeof value === 'object') return Object.values(value).every(isBlankDraft)
  return false
}

export async function liveWorks(db: Kysely<Database>, userId: number, competitionId: number) {
  return db
    .selectFrom('competition_works')
    .selectAll()
    .where('user_id', '=', userId)
    .where('competition_id', '=', competitionId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()
}

/** The user's own live work; anyone else's id answers exactly like one that does not exist. */
export async function ownWork(db: Kysely<Database>, userId: number, id: unknown): Promise<Work> {
  const workId = toId(id)
  const work =
    workId === undefined
      ? undefined
      : await db
          .selectFrom('competition_works')
          .selectAll()
          .where('id', '=', workId)
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
  if (!work) throw new BusinessError(CODE.notFound, COMPETITION_MSG.workNotFound)
  return work
}

/** A positive whole id from a query or body value (number or digits), else undefined. */
export function toId(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined
}

/** The signed-in user's entry in a competition: what the registration endpoints answer. */
export function entryView(
  competition: Competition,
  row: Registration | undefined,
  works: Work[],
  prefill: Record<string, string> | null = null,
) {
  const progress = works.map(progressOf)
  const paid = !!row?.paid_order_id
  return {
    competitionId: competition.competitionId,
    registered: !!row,
    prefill: row ? null : prefill,
    info: row
      ? {
          ...registrationData(row),
          id: row.id,
          entrantType: row.entrant_type,
          companyType: row.company_type,
          ...(row.qt_type ? { qtType: row.qt_type } : {}),
          createTime: row.created_at,
          updateTime: row.updated_at,
        }
      : null,
    workStep: workStepOf(competition, { registered: !!row, works: progress, paid }),
    worksCount: works.length,
    completeWorks: progress.filter((p) => isWorkComplete(competition, p)).length,
    worksMax: competition.works.max,
    payRequired: competition.pay?.required ?? false,
    paid,
    paidAt: row?.paid_at ?? null,
    finalised: !!row?.finalised_at,
    finalisedAt: row?.finalised_at ?? null,
    // Staff returned the entry for correction, or disqualified it (README "Organisers' console").
    moderation: row ? moderationOf(row) : null,
  }
}

/** The registration a work write needs: present and not finalised. */
export function requireOpenRegistration(row: Registration | undefined): Registration {
  if (!row) throw new BusinessError(CODE.badRequest, COMPETITION_MSG.registerFirst)
  if (row.finalised_at) throw new BusinessError(CODE.badRequest, COMPETITION_MSG.finalised)
  return row
}
