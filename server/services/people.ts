import type { Kysely } from 'kysely'
import type {
  Designer,
  DesignerDetail,
  DesignerFilter,
  PrizeGroup,
  Talent,
  TalentDetail,
  TalentFilter,
} from '../../schemas/api/people.ts'
import { provinceAndCity } from '../../schemas/regions.ts'

export type { DesignerFilter, TalentFilter }

import type { Db } from '../db/connect.ts'
import type { Database, DesignerProfileTable, TalentTable } from '../db/schema.ts'
import { matchingRefIds, type SearchDoc } from './search-index.ts'

/**
 * The designer and talent directories (SPEC §2, §3 "Designer"): the queries behind their lists and
 * details, and the search-index documents of both. Lists read ids from an index in list order first
 * (a covering read, however deep the page), then fetch the page's rows and their prizes, patents and
 * projects by id, so a page costs the same at 1 k and 100 k designers.
 */

/** What turns codes into labels: ReferenceData (app.reference) answers both. */
export interface Labels {
  dictLabel(type: string, code: string): string | undefined
  regionPath(id: string): Array<{ name: string }>
}

/**
 * Province and city of a region code, as the card shows them (SPEC §3 Creator: a list of two). For a
 * municipality the district stands in for the city: 上海市 徐汇区, not 上海市 市辖区.
 */
export const cityNamesOf = (labels: Labels, cityId: string) =>
  provinceAndCity(labels.regionPath(cityId).map((r) => r.name))

/**
 * The codes a region filter covers, as a range: a province (`320000`) covers every code starting
 * `32`, a city (`320500`) every code starting `3205`, a district itself. A range, not LIKE, so both
 * databases read it from the city index.
 */
export function regionRange(regionId: string): { from: string; to: string } | { exact: string } {
  const prefix = regionId.endsWith('0000')
    ? regionId.slice(0, 2)
    : regionId.endsWith('00')
      ? regionId.slice(0, 4)
      : undefined
  if (!prefix) return { exact: regionId }
  const next = String(Number(prefix) + 1).padStart(prefix.length, '0')
  return { from: prefix, to: next }
}

/** The profiles a filter selects (no columns yet). */
function filteredProfiles(db: Db, filter: DesignerFilter) {
  let q = db.kysely.selectFrom('designer_profiles')
  if (filter.evaluateStandard) q = q.where('evaluate_standard', '=', filter.evaluateStandard)
  if (filter.professional) q = q.where('professional', '=', filter.professional)
  if (filter.cityId) {
    const range = regionRange(filter.cityId)
    // Each level has its own column and index (migration 0012): an equality, read in list order.
    if ('exact' in range) q = q.where('city_id', '=', range.exact)
    else if (range.from.length === 2) q = q.where('province_code', '=', range.from)
    else q = q.where('city_code', '=', range.from)
  }
  if (filter.keyword) {
    const ids = matchingRefIds(db, filter.keyword, '设计师')
    // Nothing searchable in the keyword (only punctuation): nothing matches.
    q = ids ? q.where('user_id', 'in', ids) : q.where('user_id', '<', 0)
  }
  return q
}

/**
 * The two queries of a directory page: the page's ids in list order, and the filter's count. Both read
 * one index only (tests/server/people.test.ts checks the plans).
 */
export function designerQueries(db: Db, filter: DesignerFilter, pageNum: number, pageSize: number) {
  const base = filteredProfiles(db, filter)
  return {
    page: base
      .select('user_id')
      .orderBy('approve_date', 'desc')
      .orderBy('user_id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    count: base.select((eb) => eb.fn.countAll<number>().as('n')),
  }
}

/** One page of the directory, newest certification first, and how many the filter selects. */
export async function listDesigners(
  db: Db,
  labels: Labels,
  filter: DesignerFilter,
  pageNum: number,
  pageSize: number,
): Promise<{ rows: Designer[]; total: number }> {
  const queries = designerQueries(db, filter, pageNum, pageSize)
  const [page, count] = await Promise.all([queries.page.execute(), queries.count.executeTakeFirstOrThrow()])
  const rows = await designersByIds(
    db.kysely,
    labels,
    page.map((r) => r.user_id),
  )
  return { rows, total: Number(count.n) }
}

/** The featured designers (the home page's), newest certification first. */
export async function featuredDesigners(db: Db, labels: Labels, limit: number): Promise<Designer[]> {
  const ids = await db.kysely
    .selectFrom('designer_profiles')
    .select('user_id')
    .where('featured', '=', 1)
    .orderBy('approve_date', 'desc')
    .orderBy('user_id', 'desc')
    .limit(limit)
    .execute()
  return designersByIds(
    db.kysely,
    labels,
    ids.map((r) => r.user_id),
  )
}

type ProfileRow = Pick<
  DesignerProfileTable,
  | 'user_id'
  | 'evaluate_standard'
  | 'is_ambassador'
  | 'excellent_status'
  | 'is_invite'
  | 'city_id'
  | 'professional'
  | 'approve_date'
  | 'works_number'
  | 'studio'
  | 'intro'
> & { username: string; profile_photo: string | null; number: string | null }

function profiles(db: Kysely<Database>) {
  return db
    .selectFrom('designer_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('certifications as c', 'c.user_id', 'p.user_id')
    .select([
      'p.user_id',
      'p.evaluate_standard',
      'p.is_ambassador',
      'p.excellent_status',
      'p.is_invite',
      'p.city_id',
      'p.professional',
      'p.approve_date',
      'p.works_number',
      'p.studio',
      'p.intro',
      'u.username',
      'u.profile_photo',
      'c.number',
    ])
}

const flag = (n: number) => (n ? 1 : 0) as 0 | 1

/** The designers of `ids` with their prizes, patents and projects, in the order of `ids`. */
async function designersByIds(db: Kysely<Database>, labels: Labels, ids: number[]): Promise<Designer[]> {
  if (!ids.length) return []
  const [rows, prizes, patents, projects] = await Promise.all([
    profiles(db).where('p.user_id', 'in', ids).execute(),
    db
      .selectFrom('designer_prizes')
      .select(['user_id', 'prize_id', 'prize_grade'])
      .where('user_id', 'in', ids)
      .orderBy('user_id')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('designer_patents')
      .select(['user_id', 'patent_type', 'num'])
      .where('user_id', 'in', ids)
      .orderBy('user_id')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('designer_projects')
      .select(['user_id', 'project_type', 'num'])
      .where('user_id', 'in', ids)
      .orderBy('user_id')
      .orderBy('id')
      .execute(),
  ])
  const byId = new Map(rows.map((r) => [r.user_id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    return [
      toDesigner(labels, row, {
        prizes: prizes.filter((p) => p.user_id === id),
        patents: patents.filter((p) => p.user_id === id),
        projects: projects.filter((p) => p.user_id === id),
      }),
    ]
  })
}

function toDesigner(
  labels: Labels,
  row: ProfileRow,
  extra: {
    prizes: Array<{ prize_id: string; prize_grade: string }>
    patents: Array<{ patent_type: string; num: number }>
    projects: Array<{ project_type: string; num: number }>
  },
): Designer {
  return {
    id: row.user_id,
    username: row.username,
    ...(row.profile_photo ? { profilePhoto: row.profile_photo } : {}),
    evaluateStandard: row.evaluate_standard,
    isAmbassador: flag(row.is_ambassador),
    excellentStatus: flag(row.excellent_status),
    isInvite: flag(row.is_invite),
    cityNames: cityNamesOf(labels, row.city_id),
    approveDate: row.approve_date,
    professional: row.professional,
    worksNumber: row.works_number,
    prizes: extra.prizes.map((p) => ({ prizeId: p.prize_id, prizeGrade: p.prize_grade })),
    patents: extra.patents.map((p) => ({ num: p.num, patentType: p.patent_type })),
    projects: extra.projects.map((p) => ({ num: p.num, projectType: p.project_type })),
    ...(row.number ? { userCertificate: { certificateUrl: certificateImagePath(row.number) } } : {}),
  }
}

/** The public image of a certificate (server/routes/certificates.ts). */
export const certificateImagePath = (number: string) => `/api/certificate/${number}/image`

/** One designer's profile page data, or undefined. */
export async function designerDetail(
  db: Db,
  labels: Labels,
  id: number,
): Promise<DesignerDetail | undefined> {
  const [designer] = await designersByIds(db.kysely, labels, [id])
  if (!designer) return undefined
  const row = await profiles(db.kysely).where('p.user_id', '=', id).executeTakeFirstOrThrow()
  return {
    ...designer,
    studio: row.studio,
    intro: row.intro,
    cityId: row.city_id,
    ...(row.number ? { certificateNumber: row.number } : {}),
  }
}

/** How a designer is found by the site search: name as title; city, level, field, studio and intro as text. */
export function designerSearchDoc(
  labels: Labels,
  d: Pick<
    ProfileRow,
    'user_id' | 'username' | 'evaluate_standard' | 'professional' | 'city_id' | 'studio' | 'intro'
  > &
    Pick<DesignerProfileTable, 'featured'>,
): SearchDoc {
  const level = labels.dictLabel('sys_evaluate_standard', d.evaluate_standard) ?? ''
  const field = labels.dictLabel('sys_professional_type', d.professional) ?? ''
  const city = cityNamesOf(labels, d.city_id).join(' ')
  return {
    kind: '设计师',
    refId: d.user_id,
    title: d.username,
    snippet: [level, city, field, d.studio].filter(Boolean).join(' · '),
    url: `/designer/detail?id=${d.user_id}`,
    body: [city, labels.regionPath(d.city_id).at(-1)?.name ?? '', level, field, d.studio, d.intro].join(' '),
    rank: d.featured ? 1 : 0,
  }
}

// ---- Talents ----

type TalentRow = Pick<
  TalentTable,
  'name' | 'avatar' | 'school_record' | 'school' | 'major' | 'skills' | 'city_id' | 'intro' | 'images'
> & { id: number }

const skillsOf = (skills: string) =>
  skills
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.slice(0, 40))

function toTalent(labels: Labels, r: TalentRow): Talent {
  return {
    id: r.id,
    name: r.name,
    ...(r.avatar ? { avatar: r.avatar } : {}),
    schoolRecord: r.school_record,
    school: r.school,
    major: r.major,
    skills: skillsOf(r.skills),
    cityNames: cityNamesOf(labels, r.city_id),
  }
}

const TALENT_COLUMNS = [
  'id',
  'name',
  'avatar',
  'school_record',
  'school',
  'major',
  'skills',
  'city_id',
  'intro',
  'images',
] as const

/** One page of talents, newest first. */
export async function listTalents(
  db: Db,
  labels: Labels,
  filter: TalentFilter,
  pageNum: number,
  pageSize: number,
): Promise<{ rows: Talent[]; total: number }> {
  let q = db.kysely.selectFrom('talents')
  if (filter.schoolRecord) q = q.where('school_record', '=', filter.schoolRecord)
  if (filter.cityId) {
    const range = regionRange(filter.cityId)
    q =
      'exact' in range
        ? q.where('city_id', '=', range.exact)
        : q.where('city_id', '>=', range.from).where('city_id', '<', range.to)
  }
  if (filter.keyword) {
    const ids = matchingRefIds(db, filter.keyword, '人才')
    q = ids ? q.where('id', 'in', ids) : q.where('id', '<', 0)
  }
  const [rows, count] = await Promise.all([
    q
      .select(TALENT_COLUMNS)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map((r) => toTalent(labels, r)), total: Number(count.n) }
}

export async function talentDetail(db: Db, labels: Labels, id: number): Promise<TalentDetail | undefined> {
  const row = await db.kysely
    .selectFrom('talents')
    .select(TALENT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  return { ...toTalent(labels, row), intro: row.intro, images: JSON.parse(row.images) as string[] }
}

/** How a talent is found by the site search. */
export function talentSearchDoc(labels: Labels, t: TalentRow & Pick<TalentTable, 'featured'>): SearchDoc {
  const record = labels.dictLabel('sys_school_record', t.school_record) ?? ''
  const city = cityNamesOf(labels, t.city_id).join(' ')
  return {
    kind: '人才',
    refId: t.id,
    title: t.name,
    snippet: [t.school, t.major, record, city].filter(Boolean).join(' · '),
    url: `/talent/detail?id=${t.id}`,
    body: [city, t.school, t.major, record, t.skills, t.intro].join(' '),
    rank: t.featured ? 1 : 0,
  }
}

/** The prize list, grouped as the forms offer it, in the table's order. */
export async function prizeGroups(db: Db): Promise<PrizeGroup[]> {
  const rows = await db.kysely.selectFrom('prizes').selectAll().orderBy('sort').execute()
  const groups = new Map<string, PrizeGroup>()
  for (const r of rows) {
    let group = groups.get(r.group_value)
    if (!group) {
      group = { groupValue: r.group_value, groupLabel: r.group_label, prizeList: [] }
      groups.set(r.group_value, group)
    }
    group.prizeList.push({ prizeValue: r.value, prizeLabel: r.label })
  }
  return [...groups.values()]
}
