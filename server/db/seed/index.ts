import type { FastifyBaseLogger } from 'fastify'
import { DEFAULT_CERT_FEE_FEN } from '../../config.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { nowIso } from '../../lib/time.ts'
import type { IdentityVault } from '../../services/identity-vault.ts'
import { maskIdentity } from '../../services/identity-vault.ts'
import type { NotaryProvider } from '../../services/notary/provider.ts'
import { certProduct, Payments } from '../../services/payment/orders.ts'
import { isProduction } from '../../services/sandboxes.ts'
import { loadSiteFile, type SitePartner } from '../../services/site-file.ts'
import type { FileStorage } from '../../services/storage.ts'
import type { Db } from '../connect.ts'
import { seedArticles } from './articles/index.ts'
import { DEMO_CERTIFIED, DEMO_PASSWORD, DEMO_REALNAMES, demoUsers } from './demo-users.ts'
import { dictionaries } from './dictionaries.ts'
import { lockPublishedDemoAccounts } from './lock-demo-accounts.ts'
import { menus } from './menus.ts'
import { seedPeople, seedPrizes } from './people.ts'
import { regionRows } from './regions.ts'
import { seedDemoResults } from './results.ts'
import { seedDemoStaff } from './staff.ts'
import { seedWorks } from './works.ts'

/** Inserts in slices: SQLite allows ~32k bound values a statement, PostgreSQL ~65k. */
async function insertInChunks<T>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

/**
 * Reference data, at every start and in every environment: the header menu, the footer partners
 * (site identity, from content/site.json), the region tree, the dictionaries and the prize list.
 * Each is compared with what the table holds and only what is missing (or, for dictionaries and
 * partners, what differs) is written, so a start on an unchanged database writes nothing — a full
 * disk or a read-only database cannot keep the server from starting (README "Seeding").
 */
export async function seedReference(db: Db): Promise<void> {
  const k = db.kysely
  // Menus: missing keys only; an edit staff made to a row stays.
  const menuKeys = new Set((await k.selectFrom('menus').select('key').execute()).map((m) => m.key))
  const newMenus = menus.map((m, sort) => ({ ...m, sort })).filter((m) => !menuKeys.has(m.key))
  if (newMenus.length)
    await k
      .insertInto('menus')
      .values(newMenus)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()

  await syncPartners(db, loadSiteFile().partners)

  // Regions: a count answers whether any is missing, so a complete table costs one read.
  const regions = regionRows()
  const regionCount = Number(
    (
      await k
        .selectFrom('regions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  if (regionCount < regions.length) {
    const have = new Set((await k.selectFrom('regions').select('id').execute()).map((r) => r.id))
    await insertInChunks(
      regions.filter((r) => !have.has(r.id)),
      500,
      (chunk) =>
        k
          .insertInto('regions')
          .values(chunk)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute(),
    )
  }

  // Dictionaries: a missing item is added and a relabelled one follows the seed; nothing else is
  // written (each write bumps the reference version every instance reloads on).
  const labels = new Map(
    (await k.selectFrom('dictionaries').select(['dict_type', 'dict_code', 'dict_label']).execute()).map(
      (d) => [`${d.dict_type}\u0000${d.dict_code}`, d.dict_label],
    ),
  )
  const dictionaryRows = Object.entries(dictionaries).flatMap(([type, items]) =>
    items.map((item, i) => ({
      dict_type: type,
      dict_code: item.code,
      dict_label: item.label,
      dict_sort: i + 1,
    })),
  )
  const changed = dictionaryRows.filter(
    (d) => labels.get(`${d.dict_type}\u0000${d.dict_code}`) !== d.dict_label,
  )
  await insertInChunks(changed, 500, (chunk) =>
    k
      .insertInto('dictionaries')
      .values(chunk)
      .onConflict((oc) =>
        oc
          .columns(['dict_type', 'dict_code'])
          .doUpdateSet({ dict_label: (eb) => eb.ref('excluded.dict_label') }),
      )
      .execute(),
  )

  await seedPrizes(db)
}

/**
 * Demo data, only when asked (SEED_DEMO; development by default, never production unless allowed —
 * README "Seeding"): the three demo accounts with the published password and their opening ledger
 * rows, their verification and certification, the news, quotations, videos, documents and survey
 * answers, and the directory's invented designers and talents. Idempotent and, like the reference
 * data, writing nothing when nothing is missing: every row has a natural key and is inserted only
 * when missing, so restarting never duplicates and never overwrites what staff have since edited.
 */
export async function seedDemo(db: Db, vault?: IdentityVault, feeFen = DEFAULT_CERT_FEE_FEN): Promise<void> {
  const k = db.kysely
  const existing = new Set((await k.selectFrom('users').select('account').execute()).map((u) => u.account))
  for (const user of demoUsers) {
    if (existing.has(user.account)) continue
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    await k.transaction().execute(async (trx) => {
      const createdAt = nowIso()
      const inserted = await trx
        .insertInto('users')
        .values({ ...user, password_hash: passwordHash, created_at: createdAt })
        .onConflict((oc) => oc.column('account').doNothing())
        .returning('id')
        .executeTakeFirst()
      // A demo balance is money the ledger must explain: its opening rows (README "Payments").
      const opening = [
        { kind: 'money' as const, amount: user.money_fen, memo: '期初余额' },
        { kind: 'integral' as const, amount: user.integral, memo: '期初积分' },
      ].filter((r) => r.amount !== 0)
      if (inserted && opening.length)
        await trx
          .insertInto('ledger')
          .values(
            opening.map((r) => ({
              ...r,
              user_id: inserted.id,
              order_id: null,
              balance_after: r.amount,
              created_at: createdAt,
            })),
          )
          .execute()
    })
  }

  if (vault) await seedDemoRealname(db, vault)
  await seedDemoCertification(db, feeFen)
  await seedArticles(db)
  // After the certification: the demo designer's profile dates from it.
  await seedPeople(db)
  await seedDemoStaff(k)
}

/** Reference data and demo data: what `npm run seed` and tests that seed again do. */
export async function seed(db: Db, vault?: IdentityVault, feeFen = DEFAULT_CERT_FEE_FEN): Promise<void> {
  await seedReference(db)
  await seedDemo(db, vault, feeFen)
}

/**
 * Everything a start (and `npm run seed`) does to the data: reference data always; demo data and the
 * demo works when asked; and in production without demo data, the demo accounts an older start left
 * with the published password are locked.
 */
export async function seedAtStart(deps: {
  db: Db
  vault: IdentityVault
  storage: FileStorage
  notary: NotaryProvider
  feeFen?: number
  demo: boolean
  log: Pick<FastifyBaseLogger, 'warn'>
}): Promise<void> {
  await seedReference(deps.db)
  if (deps.demo) {
    await seedDemo(deps.db, deps.vault, deps.feeFen)
    await seedWorks(deps)
    // After the works: the demo designer's results entry uses a picture of their portfolio.
    await seedDemoResults(deps)
  } else if (isProduction()) {
    await lockPublishedDemoAccounts(deps.db.kysely, deps.log)
  }
}

/**
 * The footer's partners belong to content/site.json, not to the database: every start makes the table
 * match the file (new keys added, edited ones updated, removed ones deleted), so the file stays the
 * one place a deployment edits them. Only rows that differ are written: each write bumps the partners
 * version (migration 0005) and makes every running instance reload them, so a start that changes
 * nothing writes nothing.
 */
export async function syncPartners(db: Db, partners: SitePartner[]): Promise<void> {
  const k = db.kysely
  await k.transaction().execute(async (trx) => {
    const current = new Map(
      (await trx.selectFrom('partners').select(['key', 'name', 'logo', 'url', 'sort']).execute()).map((r) => [
        r.key,
        r,
      ]),
    )
    const keys = new Set(partners.map((p) => p.key))
    const gone = [...current.keys()].filter((key) => !keys.has(key))
    if (gone.length) await trx.deleteFrom('partners').where('key', 'in', gone).execute()
    for (const [sort, p] of partners.entries()) {
      const row = { name: p.name, logo: p.logo, url: p.url, sort }
      const was = current.get(p.key)
      if (was && was.name === row.name && was.logo === row.logo && was.url === row.url && was.sort === sort) {
        continue
      }
      await trx
        .insertInto('partners')
        .values({ key: p.key, ...row })
        .onConflict((oc) => oc.column('key').doUpdateSet(row))
        .execute()
    }
  })
}

/** The demo designers are real-name verified (mainland ID, so eligible for rights confirmation). */
async function seedDemoRealname(db: Db, vault: IdentityVault): Promise<void> {
  const k = db.kysely
  for (const { account, form } of DEMO_REALNAMES) {
    const user = await k
      .selectFrom('users')
      .leftJoin('realname_auths', 'realname_auths.user_id', 'users.id')
      .select(['users.id', 'realname_auths.user_id as verified'])
      .where('users.account', '=', account)
      .executeTakeFirst()
    if (!user || user.verified !== null) continue
    const { identity, ...rest } = form
    await k
      .insertInto('realname_auths')
      .values({
        user_id: user.id,
        ...rest,
        gender: null,
        birthday: null,
        identity_digest: vault.digest(rest.identity_type, identity),
        identity_sealed: vault.seal(identity),
        identity_masked: maskIdentity(identity),
        rights_eligible: 1,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

/**
 * The demo designer is certified for a year from the first start: paid from the balance through the
 * same code as the payment page, so the order, the ledger and the certificate agree. Only once: a
 * designer who already has a certification (or any order) is left alone.
 */
async function seedDemoCertification(db: Db, feeFen: number): Promise<void> {
  const k = db.kysely
  const user = await k
    .selectFrom('users')
    .select(['id', 'money_fen'])
    .where('account', '=', DEMO_CERTIFIED)
    .executeTakeFirst()
  // A CERT_FEE_FEN above the demo balance leaves the designer uncertified rather than failing the start.
  if (!user || user.money_fen < feeFen) return
  const paid = await k.selectFrom('orders').select('id').where('user_id', '=', user.id).executeTakeFirst()
  if (paid) return
  await new Payments(k).payByBalance(user.id, certProduct(feeFen))
}
