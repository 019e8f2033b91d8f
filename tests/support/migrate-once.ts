import { connect } from '../../server/db/connect.ts'
import { migrate } from '../../server/db/migrate.ts'

/**
 * A process that migrates the database of DATABASE_URL (or DATA_DIR's SQLite file) once, as a starting
 * instance does, and prints the migrations it ran as JSON. It connects, says "ready" and waits for a
 * line on stdin, so a test can start several at the same instant.
 */
const db = connect({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: process.env.DATA_DIR ?? '' })
process.stdout.write('ready\n')
await new Promise((resolve) => process.stdin.once('data', resolve))
process.stdin.pause()
try {
  const ran = await migrate(db)
  process.stdout.write(`${JSON.stringify(ran)}\n`)
} finally {
  await db.kysely.destroy()
}
