import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { ChainRecord } from './provider.ts'

/** The hash the first record follows. */
export const GENESIS_HASH = '0'.repeat(64)

/** A record's hash: SHA-256 over "height|prev_hash|works_hash|time", so changing any record breaks every later one. */
export const recordHash = (height: number, prevHash: string, worksHash: string, at: string): string =>
  createHash('sha256').update(`${height}|${prevHash}|${worksHash}|${at}`).digest('hex')

const ATTEMPTS = 20

/**
 * The local notary's chain: an append-only hash chain in `notary_chain` (本地存证链（示例）). It is
 * not a blockchain run by anyone else — it shows the shape of a chain record and lets the records be
 * checked against each other (`verifyChain`). Two writers racing for the same height: the primary key
 * lets one in, the other reads the new tip and tries again.
 */
export class LocalChain {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async append(worksHash: string, at: string): Promise<ChainRecord> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const tip = await this.db
        .selectFrom('notary_chain')
        .select(['height', 'record_hash'])
        .orderBy('height', 'desc')
        .limit(1)
        .executeTakeFirst()
      const height = (tip?.height ?? 0) + 1
      const prevHash = tip?.record_hash ?? GENESIS_HASH
      const hash = recordHash(height, prevHash, worksHash, at)
      const inserted = await this.db
        .insertInto('notary_chain')
        .values({ height, prev_hash: prevHash, works_hash: worksHash, record_hash: hash, created_at: at })
        .onConflict((oc) => oc.column('height').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { height, hash }
    }
    throw new Error('notary chain: too many concurrent appends')
  }

  /** The first height whose record does not follow from the one before (or does not hash right), or null. */
  async verifyChain(): Promise<number | null> {
    const rows = await this.db.selectFrom('notary_chain').selectAll().orderBy('height').execute()
    let prev = GENESIS_HASH
    for (const [i, row] of rows.entries()) {
      if (row.height !== i + 1 || row.prev_hash !== prev) return row.height
      if (recordHash(row.height, row.prev_hash, row.works_hash, row.created_at) !== row.record_hash)
        return row.height
      prev = row.record_hash
    }
    return null
  }
}
