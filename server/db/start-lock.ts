import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import type { Db } from './connect.ts'

/** How often a waiting SQLite instance tries the lock again (it never blocks the event loop). */
const RETRY_MS = 50

/**
 * The writes a start makes (migrations, the competitions' sync, seeding, the search index of files)
 * are taken in turns by instances starting together on one database, each seeing what the one before
 * committed: without this, two instances on an empty database both created the same rows and one
 * crashed. PostgreSQL: a session advisory lock on one pooled connection, released with the session if
 * the process dies. SQLite: an exclusive transaction on a small lock file beside the database
 * (`kabu.db.start-lock`), released by the operating system if the process dies; waiting polls, so
 * instances in one process (tests) cannot deadlock. The wait has no bound of its own: a start that
 * hangs holding it is a start that failed, and the supervisor's restart ends it.
 */
export class StartLock {
  private releaseHeld: () => Promise<void>
  private constructor(release: () => Promise<void>) {
    this.releaseHeld = release
  }

  static async acquire(db: Db, dataDir: string): Promise<StartLock> {
    return db.dialect === 'postgres' ? acquirePostgres(db) : acquireSqlite(dataDir)
  }

  /** Lets the next instance start; once only, however often called. */
  async release(): Promise<void> {
    const release = this.releaseHeld
    this.releaseHeld = async () => {}
    await release()
  }

  static fromRelease(release: () => Promise<void>): StartLock {
    return new StartLock(release)
  }
}

async function acquirePostgres(db: Db): Promise<StartLock> {
  let letGo: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    letGo = resolve
  })
  let finished: Promise<void> = Promise.resolve()
  await new Promise<void>((acquired, failed) => {
    finished = db.kysely
      .connection()
      .execute(async (connection) => {
        await sql`select pg_advisory_lock(hashtext('kabu-portal:start'))`.execute(connection)
        acquired()
        await held
        await sql`select pg_advisory_unlock(hashtext('kabu-portal:start'))`.execute(connection)
      })
      .catch((error: unknown) => failed(error))
  })
  return StartLock.fromRelease(async () => {
    letGo()
    await finished
  })
}

async function acquireSqlite(dataDir: string): Promise<StartLock> {
  const lock = new SQLite(path.join(dataDir, 'kabu.db.start-lock'))
  // Fail at once when another holds it (busy timeout 0) and try again later: waiting inside SQLite
  // would block this process's event loop.
  lock.pragma('busy_timeout = 0')
  for (;;) {
    try {
      lock.exec('BEGIN EXCLUSIVE')
      break
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') {
        lock.close()
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
    }
  }
  return StartLock.fromRelease(async () => {
    lock.exec('COMMIT')
    lock.close()
  })
}
