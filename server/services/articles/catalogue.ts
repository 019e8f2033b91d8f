import fs from 'node:fs'
import path from 'node:path'
import type { Kysely, Selectable } from 'kysely'
import type {
  HistoryVideo,
  NewsCard,
  NewsDetail,
  QuestionnaireSummary,
  Quotation,
} from '../../../schemas/api/articles.ts'
import type { Db } from '../../db/connect.ts'
import type { Database, DocumentTable } from '../../db/schema.ts'
import { CAREER_SURVEY } from './questionnaire.ts'
import { historyVideo, type LabelOf, newsCard, parseBody, quotation } from './records.ts'

/** Where the documents' files live (served only through the download routes; the seed lists them). */
export const DOCUMENTS_DIR = path.resolve(import.meta.dirname, '../../../content/documents')

/** A page of a list: its rows and how many there are in all. */
export interface Page<T> {
  rows: T[]
  total: number
}

type Paged = { pageNum: number; pageSize: number }

/** The lists that are paged newest first, with the column that says how new a row is. */
const NEWEST = {
  news_articles: 'published_at',
  design_quotations: 'updated_at',
  history_videos: 'published_at',
} as const
type Listed = keyof typeof NEWEST

/**
 * One page of a list, the newest first (then the highest id, so equal times keep one order), and how
 * many rows it has in all; only rows of `type` when one is given.
 */
async function newestPage<T extends Listed>(
  db: Db,
  table: T,
  // Only the news and the quotations have a type column; the videos are never filtered.
  { type, pageNum, pageSize }: Paged & { type?: T extends 'history_videos' ? never : string },
): Promise<Page<Selectable<Database[T]>>> {
  // Kysely cannot type a query over a table chosen by a parameter; the three read alike (id, the
  // column NEWEST names, a type where filtered), so the query is typed as over the news.
  let base = (db.kysely as unknown as Kysely<Pick<Database, 'news_articles'>>).selectFrom(
    table as 'news_articles',
  )
  if (type) base = base.where('type', '=', type)
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(NEWEST[table] as 'published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows as unknown as Array<Selectable<Database[T]>>, total: Number(count.n) }
}

/** News of one type (every type when empty), the newest first. */
export async function newsPage(
  db: Db,
  label: LabelOf,
  paged: Paged & { type?: string },
): Promise<Page<NewsCard>> {
  const page = await newestPage(db, 'news_articles', paged)
  return { rows: page.rows.map((r) => newsCard(r, label)), total: page.total }
}

/** One article, counted as read, with four more of its type; undefined when there is none. */
export async function readNews(db: Db, label: LabelOf, id: number): Promise<NewsDetail | undefined> {
  const k = db.kysely
  const row = await k.selectFrom('news_articles').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  await k
    .updateTable('news_articles')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', row.id)
    .execute()
  const related = await k
    .selectFrom('news_articles')
    .select(['id', 'title', 'published_at'])
    .where('type', '=', row.type)
    .where('id', '<>', row.id)
    .orderBy('published_at', 'desc')
    .limit(4)
    .execute()
  return {
    ...newsCard({ ...row, views: row.views + 1 }, label),
    body: parseBody(row.body),
    related: related.map((r) => ({ id: r.id, title: r.title, publishedAt: r.published_at })),
  }
}

/** Design-service quotations of one type (every type when empty), the latest changed first. */
export async function quotationPage(
  db: Db,
  label: LabelOf,
  paged: Paged & { type?: string },
): Promise<Page<Quotation>> {
  const page = await newestPage(db, 'design_quotations', paged)
  return { rows: page.rows.map((r) => quotation(r, label)), total: page.total }
}

export async function quotationById(db: Db, label: LabelOf, id: number): Promise<Quotation | undefined> {
  const row = await db.kysely
    .selectFrom('design_quotations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  return row && quotation(row, label)
}

/** The video history, the newest first. */
export async function videoPage(db: Db, paged: Paged): Promise<Page<HistoryVideo>> {
  const page = await newestPage(db, 'history_videos', paged)
  return { rows: page.rows.map(historyVideo), total: page.total }
}

export async function videoById(db: Db, id: number): Promise<HistoryVideo | undefined> {
  const row = await db.kysely.selectFrom('history_videos').selectAll().where('id', '=', id).executeTakeFirst()
  return row && historyVideo(row)
}

/** The newest video marked for the showcase. */
export async function showcaseVideo(db: Db): Promise<HistoryVideo | undefined> {
  const row = await db.kysely
    .selectFrom('history_videos')
    .selectAll()
    .where('showcase', '=', 1)
    .orderBy('published_at', 'desc')
    .executeTakeFirst()
  return row && historyVideo(row)
}

export function documentById(db: Db, id: number): Promise<Selectable<DocumentTable> | undefined> {
  return db.kysely.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A document's file, by the name its row keeps (never a path outside the documents folder). */
export function documentBytes(file: string): Buffer {
  return fs.readFileSync(path.join(DOCUMENTS_DIR, path.basename(file)))
}

/** The career survey's answers counted per option. */
export async function surveySummary(db: Db): Promise<QuestionnaireSummary> {
  const rows = await db.kysely
    .selectFrom('questionnaire_responses')
    .select(['answers', 'created_at'])
    .where('questionnaire', '=', CAREER_SURVEY.key)
    .execute()
  const answers = rows.map((r) => JSON.parse(r.answers) as Record<string, number>)
  return {
    title: CAREER_SURVEY.title,
    description: CAREER_SURVEY.description,
    respondents: rows.length,
    updatedAt: rows.reduce((latest, r) => (r.created_at > latest ? r.created_at : latest), ''),
    questions: CAREER_SURVEY.questions.map((q) => {
      const counts = q.options.map((_, i) => answers.filter((a) => a[q.key] === i).length)
      const answered = counts.reduce((a, b) => a + b, 0)
      return {
        key: q.key,
        title: q.title,
        options: q.options.map((label, i) => ({
          label,
          count: counts[i]!,
          percent: answered ? Math.round((counts[i]! * 100) / answered) : 0,
        })),
      }
    }),
  }
}
