import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

/**
 * The designer and talent directories (SPEC §2 "Home and directories", §3 "Designer", "Prize list"):
 * a designer's public profile beside the user row, the prize list their prizes point into, their
 * patents and projects, and the talents (students and young designers) shown at /talent/index.
 *
 * The indexes follow the lists (server/routes/people.ts): every filter is the leading column of an
 * index that continues with the list's order (approve_date desc, user_id desc), so a page is read in
 * order from the index, and a count of a filter reads that index alone (covering) — never the table.
 * A region filter is an equality too: the profile keeps its region's province (first 2 digits of the
 * code) and city (first 4) beside the code, so "江苏" or "苏州" reads its own index in list order
 * rather than sorting a range of codes.
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('designer_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // sys_evaluate_standard code
    .addColumn('evaluate_standard', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_ambassador', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('excellent_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_invite', 'integer', (c) => c.notNull().defaultTo(0))
    // A district, or a city without districts (regions.id)
    .addColumn('city_id', 'varchar(12)', (c) => c.notNull())
    // The region's province and city prefixes (320000 → '32', 320500 → '3205'), for the region filter
    .addColumn('province_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('city_code', 'varchar(4)', (c) => c.notNull())
    // sys_professional_type code
    .addColumn('professional', 'varchar(10)', (c) => c.notNull())
    // When the designer was first certified (certifications.valid_from of the first period)
    .addColumn('approve_date', 'varchar(32)', (c) => c.notNull())
    // Rights-confirmed works: counted up by the work registration, so the list never counts works
    .addColumn('works_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('studio', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  const profileIndex = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('designer_profiles').columns(columns).execute()
  await profileIndex('designer_profiles_order', ['approve_date desc', 'user_id desc'])
  await profileIndex('designer_profiles_standard', ['evaluate_standard', 'approve_date desc', 'user_id desc'])
  await profileIndex('designer_profiles_professional', ['professional', 'approve_date desc', 'user_id desc'])
  await profileIndex('designer_profiles_province', ['province_code', 'approve_date desc', 'user_id desc'])
  await profileIndex('designer_profiles_city', ['city_code', 'approve_date desc', 'user_id desc'])
  await profileIndex('designer_profiles_district', ['city_id', 'approve_date desc', 'user_id desc'])
  await profileIndex('designer_profiles_featured', ['featured', 'approve_date desc', 'user_id desc'])

  // The prize list of GET /common/listPrize: prizes in groups (a competition series, an award body).
  await db.schema
    .createTable('prizes')
    .addColumn('value', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('group_value', 'varchar(20)', (c) => c.notNull())
    .addColumn('group_label', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('designer_prizes')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prize_id', 'varchar(20)', (c) => c.notNull().references('prizes.value'))
    // sys_prize_grade code
    .addColumn('prize_grade', 'varchar(10)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('designer_prizes_user')
    .on('designer_prizes')
    .columns(['user_id', 'id'])
    .execute()

  await db.schema
    .createTable('designer_patents')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // sys_patent_type code, and how many patents of that type
    .addColumn('patent_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('num', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('designer_patents_user')
    .on('designer_patents')
    .columns(['user_id', 'id'])
    .execute()

  await db.schema
    .createTable('designer_projects')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // sys_project_type code, and how many projects of that type
    .addColumn('project_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('num', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('designer_projects_user')
    .on('designer_projects')
    .columns(['user_id', 'id'])
    .execute()

  await db.schema
    .createTable('talents')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    // The seed's natural key (demo rows are inserted once); null for talents added otherwise
    .addColumn('seed_key', 'varchar(40)', (c) => c.unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(512)')
    // sys_school_record code
    .addColumn('school_record', 'varchar(10)', (c) => c.notNull())
    // The school, or the company for a talent already working
    .addColumn('school', 'varchar(100)', (c) => c.notNull())
    .addColumn('major', 'varchar(60)', (c) => c.notNull())
    // Comma-separated, as entered
    .addColumn('skills', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('city_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    // JSON list of image paths
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('talents_record').on('talents').columns(['school_record', 'id desc']).execute()
  await db.schema.createIndex('talents_city').on('talents').columns(['city_id', 'id desc']).execute()
  await db.schema.createIndex('talents_featured').on('talents').columns(['featured', 'id desc']).execute()
}
