import { parseArgs } from 'node:util'
import { readConfig } from '../config.ts'
import { IdentityVault } from '../services/identity-vault.ts'
import { createNotary } from '../services/notary/index.ts'
import { FileStorage } from '../services/storage.ts'
import { connect } from './connect.ts'
import { migrate } from './migrate.ts'
import { seed } from './seed/index.ts'
import { seedBulkDesigners } from './seed/people.ts'
import { seedWorks } from './seed/works.ts'

// `npm run seed`: migrate and seed the configured database without starting the server.
// `npm run seed -- --designers 100000`: also make sure that many generated designers exist (README).
const { values } = parseArgs({ options: { designers: { type: 'string' } } })
const designers = values.designers === undefined ? 0 : Number(values.designers)
if (!Number.isInteger(designers) || designers < 0 || designers > 999_999) {
  console.error('--designers takes a whole number from 0 to 999999')
  process.exit(2)
}
const config = readConfig()
const db = connect(config)
const ran = await migrate(db)
await seed(db, IdentityVault.open(config.dataDir), config.certFeeFen)
const notary = await createNotary(config.notaryProvider, config.dataDir, db.kysely)
await seedWorks({ db, storage: new FileStorage(config.dataDir), notary })
console.log(`migrations run: ${ran.length ? ran.join(', ') : 'none pending'}; demo data present`)
if (designers) {
  const started = performance.now()
  const added = await seedBulkDesigners(db, designers, (done) => process.stdout.write(`\r  ${done} added`))
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`\rgenerated designers: ${designers} present, ${added} added now (${seconds} s)`)
}
await db.kysely.destroy()
