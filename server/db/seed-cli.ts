import { readConfig } from '../config.ts'
import { IdentityVault } from '../services/identity-vault.ts'
import { createNotary } from '../services/notary/index.ts'
import { FileStorage } from '../services/storage.ts'
import { connect } from './connect.ts'
import { migrate } from './migrate.ts'
import { seed } from './seed/index.ts'
import { seedWorks } from './seed/works.ts'

// `npm run seed`: migrate and seed the configured database without starting the server.
const config = readConfig()
const db = connect(config)
const ran = await migrate(db)
await seed(db, IdentityVault.open(config.dataDir), config.certFeeFen)
const notary = await createNotary(config.notaryProvider, config.dataDir, db.kysely)
await seedWorks({ db, storage: new FileStorage(config.dataDir), notary })
await db.kysely.destroy()
console.log(`migrations run: ${ran.length ? ran.join(', ') : 'none pending'}; demo data present`)
