import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { addYears, CERT_LEVEL } from '../../services/certification.ts'
import { designerSearchDoc, type Labels, talentSearchDoc } from '../../services/people.ts'
import { indexSearchDocs } from '../../services/search-index.ts'
import type { Db } from '../connect.ts'
import type { Database } from '../schema.ts'
import { dictionaries } from './dictionaries.ts'
import {
  DEMO_ACCOUNT_PROFILE,
  DEMO_DESIGNERS,
  DEMO_TALENTS,
  type DemoDesigner,
  PRIZE_GROUPS,
} from './people-data.ts'
import { regionRows } from './regions.ts'

const DAY_MS = 86_400_000
/** Demo designers' accounts: not phone numbers or e-mail addresses, so nobody signs in as them. */
const DEMO_ACCOUNT = (i: number) => `demo-designer-${String(i + 1).padStart(2, '0')}`
const BULK_PREFIX = 'bulk-designer-'
const BULK_ACCOUNT = (i: number) => `${BULK_PREFIX}${String(i + 1).padStart(6, '0')}`
/** No password: the hash names no scheme, so no password ever matches (as for WeChat-made accounts). */
const noPassword = () => `unusable:${randomBytes(12).toString('hex')}`

/** Labels for search documents straight from the seed's own data, before any server has loaded it. */
export function seedLabels(): Labels {
  const regions = new Map(regionRows().map((r) => [r.id, r]))
  return {
    dictLabel: (type, code) => dictionaries[type]?.find((i) => i.code === code)?.label,
    regionPath(id) {
      const path: Array<{ name: string }> = []
      let current = regions.get(id)
      while (current) {
        path.unshift({ name: current.name })
        current = current.parent_id ? regions.get(current.parent_id) : undefined
      }
      return path
    },
  }
}

/**
 * A certification valid today that began `approveDate`: renewed every year since (a designer in the
 * directory is a certified one). Its number is made from `serial`, so a re-run makes the same one.
 */
function certificationRow(userId: number, approveDate: Date, serial: number, now: Date) {
  let validUntil = addYears(approveDate, 1)
  while (validUntil <= now) validUntil = addYears(validUntil, 1)
  const from = approveDate.toISOString()
  return {
    user_id: userId,
    number: `KBC${approveDate.getUTCFullYear()}${String(serial).padStart(7, '0')}`,
    level: CERT_LEVEL,
    valid_from: from,
    valid_until: validUntil.toISOString(),
    // When it was first issued: the demo designer paid today stays the newest in the certified list.
    created_at: from,
    updated_at: from,
  }
}

type Trx = Kysely<Database> | Transaction<Database>

interface ProfileInput {
  userId: number
  standard: string
  field: string
  city: string
  flags: DemoDesigner['flags']
  approveDate: string
  studio: string
  intro: string
  prizes: ReadonlyArray<readonly [string, string]>
  patents: ReadonlyArray<readonly [string, number]>
  projects: ReadonlyArray<readonly [string, number]>
}

/** Inserts profiles with their prizes, patents and projects, in statements of a safe size. */
async function insertProfiles(trx: Trx, list: ProfileInput[], createdAt: string): Promise<void> {
  const chunks = <T>(rows: T[], size: number) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size))
  for (const chunk of chunks(list, 1000)) {
    await trx
      .insertInto('designer_profiles')
      .values(
        chunk.map((p) => ({
          user_id: p.userId,
          evaluate_standard: p.standard,
          is_ambassador: p.flags.ambassador ? 1 : 0,
          excellent_status: p.flags.excellent ? 1 : 0,
          is_invite: p.flags.invite ? 1 : 0,
          city_id: p.city,
          province_code: p.city.slice(0, 2),
          city_code: p.city.slice(0, 4),
          professional: p.field,
          approve_date: p.approveDate,
          // Counted by the work registration only: a designer's figure is the works the portal holds.
          works_number: 0,
          featured: p.flags.featured ? 1 : 0,
          studio: p.studio,
          intro: p.intro,
          created_at: createdAt,
        })),
      )
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute()
  }
  const prizes = list.flatMap((p) =>
    p.prizes.map(([prize_id, prize_grade]) => ({ user_id: p.userId, prize_id, prize_grade })),
  )
  for (const chunk of chunks(prizes, 2000)) await trx.insertInto('designer_prizes').values(chunk).execute()
  const patents = list.flatMap((p) =>
    p.patents.map(([patent_type, num]) => ({ user_id: p.userId, patent_type, num })),
  )
  for (const chunk of chunks(patents, 2000)) await trx.insertInto('designer_patents').values(chunk).execute()
  const projects = list.flatMap((p) =>
    p.projects.map(([project_type, num]) => ({ user_id: p.userId, project_type, num })),
  )
  for (const chunk of chunks(projects, 2000))
    await trx.insertInto('designer_projects').values(chunk).execute()
}

/**
 * The prize list designers' profiles pick from (reference data, every start): the missing values
 * only, so a start with all of them writes nothing.
 */
export async function seedPrizes(db: Db): Promise<void> {
  const k = db.kysely
  const have = new Set((await k.selectFrom('prizes').select('value').execute()).map((p) => p.value))
  const missing = PRIZE_GROUPS.flatMap(([groupValue, groupLabel, items], g) =>
    items.map(([value, label], i) => ({
      value,
      label,
      group_value: groupValue,
      group_label: groupLabel,
      sort: g * 100 + i,
    })),
  ).filter((p) => !have.has(p.value))
  if (missing.length)
    await k
      .insertInto('prizes')
      .values(missing)
      .onConflict((oc) => oc.column('value').doNothing())
      .execute()
}

/**
 * The directories' demo content: forty invented designers (with certifications, so their certificate
 * images exist), the demo account's own profile, and twenty talents — all in the search index.
 * Idempotent: each is keyed (account, seed_key) and inserted once; nothing missing, nothing written.
 */
export async function seedPeople(db: Db): Promise<void> {
  const k = db.kysely
  const demoAccounts = DEMO_DESIGNERS.map((_, i) => DEMO_ACCOUNT(i))
  const existing = new Set(
    (await k.selectFrom('users').select('account').where('account', 'in', demoAccounts).execute()).map(
      (r) => r.account,
    ),
  )
  const talentsDone = await k
    .selectFrom('talents')
    .select('seed_key')
    .where('seed_key', 'is not', null)
    .execute()
  const demoProfile = await k
    .selectFrom('users')
    .leftJoin('designer_profiles', 'designer_profiles.user_id', 'users.id')
    .select(['users.id', 'designer_profiles.user_id as profiled'])
    .where('users.account', '=', DEMO_ACCOUNT_PROFILE.account)
    .executeTakeFirst()
  const missing = DEMO_DESIGNERS.map((d, i) => ({ d, i })).filter(({ i }) => !existing.has(DEMO_ACCOUNT(i)))
  const talentKeys = new Set(talentsDone.map((t) => t.seed_key))
  const talents = DEMO_TALENTS.filter((t) => !talentKeys.has(t.key))
  if (!missing.length && !talents.length && (!demoProfile || demoProfile.profiled)) return

  const labels = seedLabels()
  const now = new Date()
  const stamp = now.toISOString()
  await k.transaction().execute(async (trx) => {
    const tdb: Db = { kysely: trx, dialect: db.dialect }
    const profiles: Array<ProfileInput & { username: string }> = []
    const certifications = []
    for (const { d, i } of missing) {
      const user = await trx
        .insertInto('users')
        .values({
          account: DEMO_ACCOUNT(i),
          email: null,
          password_hash: noPassword(),
          username: d.name,
          nickname: null,
          profile_photo: d.avatar ? `avatars/designer-${String(i + 2).padStart(2, '0')}.svg` : null,
          money_fen: 0,
          integral: 0,
          created_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const approved = new Date(now.getTime() - d.certifiedDaysAgo * DAY_MS)
      profiles.push({
        userId: user.id,
        username: d.name,
        standard: d.standard,
        field: d.field,
        city: d.city,
        flags: d.flags,
        approveDate: approved.toISOString(),
        studio: d.studio,
        intro: d.intro,
        prizes: d.prizes,
        patents: d.patents,
        projects: d.projects,
      })
      certifications.push(certificationRow(user.id, approved, 8_000_000 + i, now))
    }
    // The demo account is certified by the seed's payment: its profile dates from that certification.
    if (demoProfile && !demoProfile.profiled) {
      const cert = await trx
        .selectFrom('certifications')
        .select('valid_from')
        .where('user_id', '=', demoProfile.id)
        .executeTakeFirst()
      const user = await trx
        .selectFrom('users')
        .select('username')
        .where('id', '=', demoProfile.id)
        .executeTakeFirstOrThrow()
      if (cert) {
        const p = DEMO_ACCOUNT_PROFILE
        profiles.push({
          userId: demoProfile.id,
          username: user.username,
          standard: p.standard,
          field: p.field,
          city: p.city,
          flags: p.flags,
          approveDate: cert.valid_from,
          studio: p.studio,
          intro: p.intro,
          prizes: p.prizes,
          patents: p.patents,
          projects: p.projects,
        })
      }
    }
    if (certifications.length)
      await trx
        .insertInto('certifications')
        .values(certifications)
        .onConflict((oc) => oc.doNothing())
        .execute()
    await insertProfiles(trx, profiles, stamp)
    await indexSearchDocs(
      tdb,
      profiles.map((p) =>
        designerSearchDoc(labels, {
          user_id: p.userId,
          username: p.username,
          evaluate_standard: p.standard,
          professional: p.field,
          city_id: p.city,
          studio: p.studio,
          intro: p.intro,
          featured: p.flags.featured ? 1 : 0,
        }),
      ),
    )

    // The list shows the newest first: inserted last to first, the file's first talent leads it.
    for (const [n, t] of [...talents].reverse().entries()) {
      const row = {
        seed_key: t.key,
        name: t.name,
        avatar: t.avatar ? `avatars/talent-${t.key.slice(-2)}.svg` : null,
        school_record: t.record,
        school: t.school,
        major: t.major,
        skills: t.skills,
        city_id: t.city,
        intro: t.intro,
        images: JSON.stringify(t.images),
        featured: t.featured ? 1 : 0,
        created_at: new Date(now.getTime() - (talents.length - n) * 1000).toISOString(),
      }
      const inserted = await trx.insertInto('talents').values(row).returning('id').executeTakeFirstOrThrow()
      await indexSearchDocs(tdb, [talentSearchDoc(labels, { ...row, id: inserted.id })])
    }
  })
}

// ---- `npm run seed -- --designers N`: generated designers for measuring at scale ----

/** A small deterministic generator (mulberry32): the same N makes the same designers. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
]
const GIVEN = [
  ...'安柏晨辰川春丹帆菲枫歌涵寒禾珩泓华欢佳嘉简锦景静九珂岚澜朗乐黎立琳凌路萌铭墨楠宁朴琪清晴秋然蓉若珊绍深诗书舒曙松棠恬桐望薇闻溪夏弦潇晓心欣星秀旭萱雅言砚一以奕逸音映雨语玉远悦云芸哲之知至舟竹卓子',
]
const STUDIO_WORDS = [...'青木山川远见拾光造物原点方圆初心半亩行止格物观止长物素白']
const BULK_INTROS = [
  '专注家居与小家电的产品造型设计。',
  '关注可持续材料与可维修设计。',
  '做品牌视觉与包装，也做插画。',
  '擅长智能硬件的交互与体验设计。',
  '长期为制造企业提供外观与结构设计服务。',
  '研究传统工艺在当代产品中的转译。',
]

/** Weighted: most designers are at the middle levels. */
const STANDARD_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['1', 18],
  ['2', 32],
  ['3', 27],
  ['4', 14],
  ['5', 7],
  ['6', 2],
]

function weighted(rnd: () => number, weights: ReadonlyArray<readonly [string, number]>): string {
  const total = weights.reduce((n, [, w]) => n + w, 0)
  let at = rnd() * total
  for (const [value, w] of weights) {
    at -= w
    if (at < 0) return value
  }
  return weights[weights.length - 1]![0]
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!

/** The generated designer number `i` (0-based): the same i always gives the same designer. */
export function bulkDesigner(i: number, places: readonly string[], now: Date) {
  const rnd = random(i * 2_654_435_761 + 17)
  const given = rnd() < 0.3 ? pick(rnd, GIVEN) : pick(rnd, GIVEN) + pick(rnd, GIVEN)
  const name = pick(rnd, SURNAMES) + given
  const studio = `${pick(rnd, STUDIO_WORDS)}${pick(rnd, STUDIO_WORDS)}设计（示例）`
  const prizeValues = PRIZE_GROUPS.flatMap(([, , items]) => items.map(([v]) => v))
  const prizes = Array.from(
    { length: Math.floor(rnd() * 3) },
    () => [pick(rnd, prizeValues), String(1 + Math.floor(rnd() * 6))] as const,
  )
  const patents = rnd() < 0.5 ? [[String(1 + Math.floor(rnd() * 3)), 1 + Math.floor(rnd() * 8)] as const] : []
  const projects = [[String(1 + Math.floor(rnd() * 7)), 1 + Math.floor(rnd() * 20)] as const]
  return {
    name,
    standard: weighted(rnd, STANDARD_WEIGHTS),
    field: String(1 + Math.floor(rnd() * 11)),
    city: pick(rnd, places),
    flags: {
      ...(rnd() < 0.03 ? { ambassador: true as const } : {}),
      ...(rnd() < 0.08 ? { excellent: true as const } : {}),
      ...(rnd() < 0.05 ? { invite: true as const } : {}),
    },
    approveDate: new Date(now.getTime() - Math.floor(rnd() * 5 * 365 * DAY_MS) - DAY_MS),
    studio,
    intro: pick(rnd, BULK_INTROS),
    prizes,
    patents,
    projects,
  }
}

/**
 * Makes sure designers bulk-designer-000001 … N exist: generated, plainly fictional designers (users
 * without a password, profiles, prizes, patents, projects, certifications and search documents) for
 * measuring the directory at scale. Idempotent: a number that exists is skipped, so running it again
 * with the same N adds nothing and a larger N adds the difference. Batches of 2,000 per transaction.
 */
export async function seedBulkDesigners(
  db: Db,
  count: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  const k = db.kysely
  const existing = new Set(
    (
      await k
        .selectFrom('users')
        .select('account')
        .where('account', '>=', BULK_PREFIX)
        .where('account', '<', `${BULK_PREFIX}~`)
        .execute()
    ).map((r) => r.account),
  )
  // Designers live where districts are: every district, and the cities that have none.
  const rows = regionRows()
  const parents = new Set(rows.map((r) => r.parent_id))
  const places = rows.filter((r) => r.level === 3 || (r.level === 2 && !parents.has(r.id))).map((r) => r.id)
  const labels = seedLabels()
  const now = new Date()
  const stamp = now.toISOString()
  const todo = Array.from({ length: count }, (_, i) => i).filter((i) => !existing.has(BULK_ACCOUNT(i)))
  const BATCH = 2000
  for (let start = 0; start < todo.length; start += BATCH) {
    const batch = todo.slice(start, start + BATCH).map((i) => ({ i, d: bulkDesigner(i, places, now) }))
    await k.transaction().execute(async (trx) => {
      const ids = new Map<string, number>()
      for (let s = 0; s < batch.length; s += 500) {
        const inserted = await trx
          .insertInto('users')
          .values(
            batch.slice(s, s + 500).map(({ i, d }) => ({
              account: BULK_ACCOUNT(i),
              email: null,
              password_hash: noPassword(),
              username: d.name,
              nickname: null,
              profile_photo: null,
              money_fen: 0,
              integral: 0,
              created_at: stamp,
            })),
          )
          .returning(['id', 'account'])
          .execute()
        for (const r of inserted) ids.set(r.account, r.id)
      }
      const profiles = batch.map(({ i, d }) => ({
        userId: ids.get(BULK_ACCOUNT(i))!,
        username: d.name,
        standard: d.standard,
        field: d.field,
        city: d.city,
        flags: d.flags,
        approveDate: d.approveDate.toISOString(),
        studio: d.studio,
        intro: d.intro,
        prizes: d.prizes,
        patents: d.patents,
        projects: d.projects,
      }))
      await insertProfiles(trx, profiles, stamp)
      const certifications = batch.map(({ i, d }) =>
        certificationRow(ids.get(BULK_ACCOUNT(i))!, d.approveDate, 9_000_000 + i, now),
      )
      for (let s = 0; s < certifications.length; s += 1000)
        await trx
          .insertInto('certifications')
          .values(certifications.slice(s, s + 1000))
          .onConflict((oc) => oc.doNothing())
          .execute()
      await indexSearchDocs(
        { kysely: trx, dialect: db.dialect },
        profiles.map((p) =>
          designerSearchDoc(labels, {
            user_id: p.userId,
            username: p.username,
            evaluate_standard: p.standard,
            professional: p.field,
            city_id: p.city,
            studio: p.studio,
            intro: p.intro,
            featured: 0,
          }),
        ),
      )
    })
    onProgress?.(Math.min(start + BATCH, todo.length))
  }
  return todo.length
}
