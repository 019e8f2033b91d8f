import fs from 'node:fs'
import path from 'node:path'
import type { Selectable } from 'kysely'
import type {
  HistoryVideo,
  NewsCard,
  NewsDetail,
  QuestionnaireSummary,
  Quotation,
} from '../../../schemas/api/articles.ts'
import type { Db } from '../../db/connect.ts'
import type { DocumentTable } from '../../db/schema.ts'
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

/** News of one type (every type when empty), the newest first. */
export async function newsPage(
  db: Db,
  label: LabelOf,
  { type, pageNum, pageSize }: Paged & { type?: string },
): Promise<Page<NewsCard>> {
  let base = db.kysely.selectFrom('news_articles')
  if (type) base = base.where('type', '=', type)
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map((r) => newsCard(r, label)), total: Number(count.n) }
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
  { type, pageNum, pageSize }: Paged & { type?: string },
): Promise<Page<Quotation>> {
  let base = db.kysely.selectFrom('design_quotations')
  if (type) base = base.where('type', '=', type)
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map((r) => quotation(r, label)), total: Number(count.n) }
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
export async function videoPage(db: Db, { pageNum, pageSize }: Paged): Promise<Page<HistoryVideo>> {
  const k = db.kysely
  const [rows, count] = await Promise.all([
    k
      .selectFrom('history_videos')
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    k
      .selectFrom('history_videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map(historyVideo), total: Number(count.n) }
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
