import { sql } from 'kysely'
import type { Dialect } from './connect.ts'

/** Auto-increment primary key in each dialect's own words. */
export function idColumn(dialect: Dialect) {
  return dialect === 'postgres' ? sql`serial` : sql`integer`
}
