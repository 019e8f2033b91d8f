import { parseArgs } from 'node:util'
import { readConfig } from '../config.ts'
import { CompetitionRegistry } from '../services/competitions.ts'
import { guardDemoData } from '../services/demo-data.ts'
import { IdentityVault } from '../services/identity-vault.ts'
import { KeyRing } from '../services/key-ring.ts'
import { createNotary } from '../services/notary/index.ts'
import { openObjectStore } from '../services/object-store.ts'
import { FileStorage } from '../services/storage.ts'
import { connect } from './connect.ts'
import { migrate } from './migrate.ts'
import { seedAtStart } from './seed/index.ts'
import { seedBulkDesigners } from './seed/people.ts'

// `npm run seed`: migrate and seed the configured database without starting the server, as a start would.
// `npm run seed -- --designers 100000`: also make sure that many generated designers exist (README).
const { values } = parseArgs({ options: { designers: { type: 'string' } } })
const designers = values.designers === undefined ? 0 : Number(values.designers)
if (!Number.isInteger(designers) || designers < 0 || designers > 999_999) {
  console.error('--designers takes a whole number from 0 to 999999')
  process.exit(2)
}
const config = readConfig()
// As a start: demo data only when SEED_DEMO says so (development by default), never in production
// without ALLOW_DEMO_DATA=1; there, demo accounts left with the published password are locked.
guardDemoData(config.demoData)
const db = connect(config)
const ran = await migrate(db)
// As a start: the competition definitions into their table first (the demo judges are granted on one).
const competitions = new CompetitionRegistry(config.definitionsRoot)
competitions.load()
await competitions.sync(db.kysely)
// The same keys as the instances' (checked against the database's fingerprints, as a start does).
const keys = await KeyRing.open(db.kysely, config.secretsDir)
const vault = new IdentityVault(await keys.key('identity'))
const notary = await createNotary(config.notaryProvider, keys, db.kysely)
await seedAtStart({
  db,
  vault,
  storage: new FileStorage(config.dataDir, await openObjectStore(config.storage)),
  notary,
  feeFen: config.certFeeFen,
  demo: config.demoData,
  log: { warn: (details: unknown, message?: string) => console.warn(message ?? '', details) },
})
console.log(
  `migrations run: ${ran.length ? ran.join(', ') : 'none pending'}; reference data present; ${
    config.demoData ? 'demo data present' : 'no demo data (SEED_DEMO=1 adds it)'
  }`,
)
if (designers) {
  const started = performance.now()
  const added = await seedBulkDesigners(db, designers, (done) => process.stdout.write(`\r  ${done} added`))
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`\rgenerated designers: ${designers} present, ${added} added now (${seconds} s)`)
}
await db.kysely.destroy()
