import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * The portal's editorial content (SPEC §2 news, quotations, video history, documents; §7 Content):
 * each row has a `slug`, the natural key the seed inserts by, so restarts never duplicate. Lists are
 * read newest first within a type, hence the (type, date) indexes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('news_articles')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    // design_info_type dictionary code
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('cover', 'varchar(300)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // JSON list of {kind: 'heading' | 'paragraph', text}: structured, never HTML
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author', 'varchar(40)', (c) => c.notNull())
    .addColumn('source', 'varchar(60)', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('news_type_published')
    .on('news_articles')
    .columns(['type', 'published_at'])
    .execute()
  await db.schema.createIndex('news_published').on('news_articles').column('published_at').execute()

  await db.schema
    .createTable('design_quotations')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    // sys_design_quotation_type dictionary code
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('price_min_fen', 'integer', (c) => c.notNull())
    .addColumn('price_max_fen', 'integer', (c) => c.notNull())
    .addColumn('unit', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // JSON list of deliverables
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('cycle', 'varchar(40)', (c) => c.notNull())
    .addColumn('provider', 'varchar(60)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('quotations_type_updated')
    .on('design_quotations')
    .columns(['type', 'updated_at'])
    .execute()
  await db.schema.createIndex('quotations_updated').on('design_quotations').column('updated_at').execute()

  await db.schema
    .createTable('history_videos')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('cover', 'varchar(300)', (c) => c.notNull())
    .addColumn('video_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('event', 'varchar(60)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    // the association's promotional film, shown on /others/showVideo1
    .addColumn('showcase', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('videos_published').on('history_videos').column('published_at').execute()

  await db.schema
    .createTable('documents')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    // the name the visitor's download is saved under
    .addColumn('file_name', 'varchar(160)', (c) => c.notNull())
    // a file of content/documents/
    .addColumn('file', 'varchar(160)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // 1: only signed-in members download it directly; anyone with a signed link may
    .addColumn('members_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .execute()

  // Answers of the seeded questionnaire (/questionnaire/export aggregates them).
  await db.schema
    .createTable('questionnaire_responses')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('questionnaire', 'varchar(40)', (c) => c.notNull())
    .addColumn('respondent', 'varchar(64)', (c) => c.notNull())
    // JSON object question key -> option code
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('questionnaire_respondent', ['questionnaire', 'respondent'])
    .execute()
}
