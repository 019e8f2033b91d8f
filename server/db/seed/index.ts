import { DEFAULT_CERT_FEE_FEN } from '../../config.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { nowIso } from '../../lib/time.ts'
import type { IdentityVault } from '../../services/identity-vault.ts'
import { maskIdentity } from '../../services/identity-vault.ts'
import { certProduct, Payments } from '../../services/payment/orders.ts'
import { loadSiteFile, type SitePartner } from '../../services/site-file.ts'
import type { Db } from '../connect.ts'
import { seedArticles } from './articles/index.ts'
import { DEMO_CERTIFIED, DEMO_PASSWORD, DEMO_REALNAMES, demoUsers } from './demo-users.ts'
import { dictionaries } from './dictionaries.ts'
import { menus } from './menus.ts'
import { seedPeople } from './people.ts'
import { regionRows } from './regions.ts'

/** Inserts in slices: SQLite allows ~32k bound values a statement, PostgreSQL ~65k. */
async function insertInChunks<T>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

/**
 * Demo data for a fresh database. Idempotent: every row has a natural key and is inserted only when
 * missing, so restarting never duplicates and never overwrites what staff have since edited — except
 * the partners, which follow content/site.json.
 */
export async function seed(db: Db, vault?: IdentityVault, feeFen = DEFAULT_CERT_FEE_FEN): Promise<void> {
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

  await k
    .insertInto('menus')
    .values(menus.map((m, sort) => ({ ...m, sort })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()

  await syncPartners(db, loadSiteFile().partners)

  // Reference data: inserted when missing, so a restart costs one count per table.
  const regionCount = Number(
    (
      await k
        .selectFrom('regions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const regions = regionRows()
  if (regionCount < regions.length) {
    await insertInChunks(regions, 500, (chunk) =>
      k
        .insertInto('regions')
        .values(chunk)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute(),
    )
  }
  const dictionaryRows = Object.entries(dictionaries).flatMap(([type, items]) =>
    items.map((item, i) => ({
      dict_type: type,
      dict_code: item.code,
      dict_label: item.label,
      dict_sort: i + 1,
    })),
  )
  await insertInChunks(dictionaryRows, 500, (chunk) =>
    k
      .insertInto('dictionaries')
      .values(chunk)
      // A relabelled item follows the seed; unchanged rows are not written (each write bumps the version).
      .onConflict((oc) =>
        oc
          .columns(['dict_type', 'dict_code'])
          .doUpdateSet({ dict_label: (eb) => eb.ref('excluded.dict_label') })
          .where('dictionaries.dict_label', '<>', (eb) => eb.ref('excluded.dict_label')),
      )
      .execute(),
  )

  if (vault) await seedDemoRealname(db, vault)
  await seedDemoCertification(db, feeFen)
  await seedArticles(db)
  // After the certification: the demo designer's profile dates from it.
  await seedPeople(db)
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
    const user = await k.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst()
    if (!user) continue
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
