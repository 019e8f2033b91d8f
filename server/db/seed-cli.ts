import { readConfig } from '../config.ts'
import { IdentityVault } from '../services/identity-vault.ts'
import { connect } from './connect.ts'
import { migrate } from './migrate.ts'
import { seed } from './seed/index.ts'

// `npm run seed`: migrate and seed the configured database without starting the server.
const config = readConfig()
const db = connect(config)
const ran = await migrate(db)
await seed(db, IdentityVault.open(config.dataDir), config.certFeeFen)
await db.kysely.destroy()
console.log(`migrations run: ${ran.length ? ran.join(', ') : 'none pending'}; demo data present`)
