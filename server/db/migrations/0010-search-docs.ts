import { type Kysely, sql } from 'kysely'
import { idColumn } from '../columns.ts'

/**
 * The site-wide search index (server/services/search-index.ts): one row per searchable record of
 * any kind, with `tokens` holding the CJK bigrams and words the service derives. SQLite searches it
 * through an FTS5 table kept in step by triggers; PostgreSQL through a GIN index on the same tokens
 * read as a 'simple' tsvector, so both answer the same queries without a linear scan.
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('search_docs')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('snippet', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('tokens', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('search_docs_kind_ref', ['kind', 'ref_id'])
    .execute()
  await db.schema.createIndex('search_docs_kind_rank').on('search_docs').columns(['kind', 'rank']).execute()

  if (dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(tokens, content='search_docs', content_rowid='id', tokenize='unicode61')`.execute(
      db,
    )
    await sql`CREATE TRIGGER search_docs_ai AFTER INSERT ON search_docs BEGIN
      INSERT INTO search_fts(rowid, tokens) VALUES (new.id, new.tokens); END`.execute(db)
    await sql`CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs BEGIN
      INSERT INTO search_fts(search_fts, rowid, tokens) VALUES ('delete', old.id, old.tokens); END`.execute(
      db,
    )
    await sql`CREATE TRIGGER search_docs_au AFTER UPDATE ON search_docs BEGIN
      INSERT INTO search_fts(search_fts, rowid, tokens) VALUES ('delete', old.id, old.tokens);
      INSERT INTO search_fts(rowid, tokens) VALUES (new.id, new.tokens); END`.execute(db)
  } else {
    await sql`CREATE INDEX search_docs_tokens ON search_docs USING gin (to_tsvector('simple', tokens))`.execute(
      db,
    )
  }
}
