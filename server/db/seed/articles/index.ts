import fs from 'node:fs'
import path from 'node:path'
import { DOCUMENTS_DIR } from '../../../services/articles/catalogue.ts'
import { CAREER_SURVEY } from '../../../services/articles/questionnaire.ts'
import {
  historyVideo,
  newsCard,
  newsSearchDoc,
  parseBody,
  quotation,
  quotationSearchDoc,
  toBlocks,
  videoSearchDoc,
} from '../../../services/articles/records.ts'
import { indexSearchDocs } from '../../../services/search-index.ts'
import type { Db } from '../../connect.ts'
import { dictionaries } from '../dictionaries.ts'
import { DOCUMENTS } from './documents.ts'
import { NEWS } from './news.ts'
import { QUOTATIONS } from './quotations.ts'
import { VIDEO_SECONDS, VIDEOS } from './videos.ts'

const label = (dictionary: string, code: string) =>
  dictionaries[dictionary]?.find((item) => item.code === code)?.label

/** The slugs a table holds already: only the others are inserted, so a complete table costs one read. */
async function slugsIn(
  db: Db,
  table: 'news_articles' | 'design_quotations' | 'history_videos' | 'documents',
) {
  return new Set((await db.kysely.selectFrom(table).select('slug').execute()).map((r) => r.slug))
}

/**
 * News, quotations, videos, documents and the questionnaire's answers, inserted by slug when missing
 * (a restart never duplicates, never overwrites an edit, and writes nothing when nothing is missing),
 * then written to the search index (which writes only documents that differ).
 */
export async function seedArticles(db: Db): Promise<void> {
  const k = db.kysely
  const haveNews = await slugsIn(db, 'news_articles')
  const news = NEWS.filter((n) => !haveNews.has(n.slug))
  if (news.length)
    await k
      .insertInto('news_articles')
      .values(
        news.map((n) => ({
          slug: n.slug,
          title: n.title,
          type: n.type,
          cover: `/content/news/${n.slug}.jpg`,
          summary: n.summary,
          body: JSON.stringify(toBlocks(n.body)),
          author: n.author,
          source: n.source,
          published_at: n.publishedAt,
          // Believable counts that do not change between starts.
          views: 120 + ((n.slug.length * 97 + n.title.length * 31) % 1800),
          featured: n.featured ? 1 : 0,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute()
  const haveQuotations = await slugsIn(db, 'design_quotations')
  const quotations = QUOTATIONS.filter((q) => !haveQuotations.has(q.slug))
  if (quotations.length)
    await k
      .insertInto('design_quotations')
      .values(
        quotations.map((q) => ({
          slug: q.slug,
          title: q.title,
          type: q.type,
          price_min_fen: q.price[0] * 100,
          price_max_fen: q.price[1] * 100,
          unit: q.unit,
          description: q.description,
          scope: JSON.stringify(q.scope),
          cycle: q.cycle,
          provider: q.provider,
          updated_at: q.updatedAt,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute()
  const haveVideos = await slugsIn(db, 'history_videos')
  const videos = VIDEOS.filter((v) => !haveVideos.has(v.slug))
  if (videos.length)
    await k
      .insertInto('history_videos')
      .values(
        videos.map((v) => ({
          slug: v.slug,
          title: v.title,
          cover: `/content/videos/${v.slug}.jpg`,
          video_url: `/content/videos/${v.slug}.mp4`,
          duration_seconds: VIDEO_SECONDS,
          event: v.event,
          year: v.year,
          description: v.description,
          published_at: v.publishedAt,
          showcase: v.showcase ? 1 : 0,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute()
  const haveDocuments = await slugsIn(db, 'documents')
  const documents = DOCUMENTS.filter(
    (d) => !haveDocuments.has(d.slug) && fs.existsSync(path.join(DOCUMENTS_DIR, d.file)),
  )
  if (documents.length)
    await k
      .insertInto('documents')
      .values(
        documents.map((d) => ({
          slug: d.slug,
          title: d.title,
          file_name: d.fileName,
          file: d.file,
          size: fs.statSync(path.join(DOCUMENTS_DIR, d.file)).size,
          description: d.description,
          members_only: d.membersOnly ? 1 : 0,
          published_at: d.publishedAt,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute()
  await seedSurveyAnswers(db)

  const allNews = await k.selectFrom('news_articles').selectAll().execute()
  const allQuotations = await k.selectFrom('design_quotations').selectAll().execute()
  const allVideos = await k.selectFrom('history_videos').selectAll().execute()
  await indexSearchDocs(db, [
    ...allNews.map((n) => newsSearchDoc(newsCard(n, label), parseBody(n.body))),
    ...allQuotations.map((q) => quotationSearchDoc(quotation(q, label))),
    ...allVideos.map((v) => videoSearchDoc(historyVideo(v))),
  ])
}

/** 168 invented respondents with answers drawn from fixed weights by a seeded generator (the same every start). */
async function seedSurveyAnswers(db: Db): Promise<void> {
  let state = 20261123
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  // Heavier on the first options, as a real survey of practising designers would be.
  const pick = (n: number) => {
    const weights = Array.from({ length: n }, (_, i) => n - i + (i === 0 ? 1 : 0))
    let r = next() * weights.reduce((a, b) => a + b, 0)
    for (const [i, w] of weights.entries()) {
      r -= w
      if (r < 0) return i
    }
    return n - 1
  }
  const rows = Array.from({ length: 168 }, (_, i) => ({
    questionnaire: CAREER_SURVEY.key,
    respondent: `demo-${String(i + 1).padStart(3, '0')}`,
    answers: JSON.stringify(
      Object.fromEntries(CAREER_SURVEY.questions.map((q) => [q.key, pick(q.options.length)])),
    ),
    created_at: new Date(Date.UTC(2026, 8, 1) + i * 5 * 3_600_000).toISOString(),
  }))
  const have = new Set(
    (
      await db.kysely
        .selectFrom('questionnaire_responses')
        .select('respondent')
        .where('questionnaire', '=', CAREER_SURVEY.key)
        .execute()
    ).map((r) => r.respondent),
  )
  const missing = rows.filter((r) => !have.has(r.respondent))
  if (missing.length)
    await db.kysely
      .insertInto('questionnaire_responses')
      .values(missing)
      .onConflict((oc) => oc.columns(['questionnaire', 'respondent']).doNothing())
      .execute()
}
