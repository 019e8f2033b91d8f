import { type Kysely, sql } from 'kysely'

/**
 * Has every write to `table` bump its counter in reference_versions, in the same transaction, so no
 * write can forget it (README "Reference data from memory"). On PostgreSQL the trigger also announces
 * the bump (NOTIFY, through kabu_bump_reference from migration 0005), so every instance hears it at once.
 */
export async function countWrites(
  db: Kysely<unknown>,
  dialect: 'sqlite' | 'postgres',
  table: string,
): Promise<void> {
  if (dialect === 'postgres') {
    // Per row, so a statement that changes nothing (ON CONFLICT DO NOTHING on every start) bumps nothing.
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_reference_version`)}
      AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION kabu_bump_reference(${sql.lit(table)})`.execute(db)
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_reference_version_truncate`)}
      AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION kabu_bump_reference(${sql.lit(table)})`.execute(db)
    return
  }
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_reference_version_${event.toLowerCase()}`)}
      AFTER ${sql.raw(event)} ON ${sql.table(table)}
      BEGIN
        UPDATE reference_versions SET version = version + 1 WHERE name = ${sql.lit(table)};
      END`.execute(db)
  }
}
