import type { Kysely } from 'kysely'
import { STAGE_LABELS, stageAt } from '../../definitions/competition/phases.ts'
import type { Competition } from '../../definitions/competition/types.ts'
import type { Agreement } from '../../schemas/api/content.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { indexSearchDocs, type SearchDoc, type SearchKind } from './search-index.ts'

/**
 * The searchable records that live in files and tables rather than behind a service that writes them:
 * competitions (competitions/), campaign pages (landing-pages/), menu columns and agreements. They are
 * re-indexed at every start and after a definition reload; a record whose file is gone leaves the index.
 */
export interface FileBackedSources {
  competitions: readonly Competition[]
  landing: Iterable<{ slug: string; title: string; description: string }>
  agreements: Iterable<Agreement>
}

/** Open competitions first, then the upcoming, then by year. */
function competitionRank(c: Competition, now: number): number {
  const stage = stageAt(c.phases, now)
  const live = stage === 'registering' || stage === 'submitting' ? 2 : stage === 'upcoming' ? 1 : 0
  return live * 10_000 + c.year
}

export async function fileBackedDocs(db: Kysely<Database>, sources: FileBackedSources, now = Date.now()) {
  const menus = await db.selectFrom('menus').select(['id', 'title', 'url']).orderBy('sort').execute()
  const docs: SearchDoc[] = [
    ...sources.competitions.map((c) => ({
      kind: '竞赛' as const,
      refId: c.slug,
      title: c.title,
      snippet: `${STAGE_LABELS[stageAt(c.phases, now)]} · ${c.description}`,
      url: `/${c.slug}/index`,
      body: [c.shortTitle, c.description, ...(c.organizers?.host ?? [])].join(' '),
      rank: competitionRank(c, now),
    })),
    ...[...sources.landing].map((p) => ({
      kind: '专题' as const,
      refId: p.slug,
      title: p.title,
      snippet: p.description,
      url: `/application/${p.slug}`,
      body: p.description,
    })),
    ...menus.map((m, i) => ({
      kind: '栏目' as const,
      refId: m.id,
      title: m.title,
      snippet: `进入「${m.title}」栏目`,
      url: m.url,
      rank: menus.length - i,
    })),
    ...[...sources.agreements].map((a) => ({
      kind: '协议' as const,
      refId: a.key,
      title: a.title,
      snippet: a.intro ?? a.sections[0]?.paragraphs[0] ?? a.title,
      url: `/agreement/${a.key}`,
      body: a.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join(' '),
    })),
  ]
  return docs
}

const FILE_BACKED_KINDS: readonly SearchKind[] = ['竞赛', '专题', '栏目', '协议']

/**
 * Makes the file-backed kinds in the index what the files and menus hold now, in one transaction:
 * records whose file is gone leave, new and changed ones are written, and nothing else — a start
 * where nothing changed writes nothing.
 */
export async function syncFileBackedSearchDocs(db: Db, sources: FileBackedSources): Promise<number> {
  const docs = await fileBackedDocs(db.kysely, sources)
  const wanted = new Set(docs.map((d) => `${d.kind}\u0000${d.refId}`))
  await db.kysely.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('search_docs')
      .select(['id', 'kind', 'ref_id'])
      .where('kind', 'in', FILE_BACKED_KINDS)
      .execute()
    const gone = held.filter((r) => !wanted.has(`${r.kind}\u0000${r.ref_id}`)).map((r) => r.id)
    if (gone.length) await trx.deleteFrom('search_docs').where('id', 'in', gone).execute()
    await indexSearchDocs({ kysely: trx, dialect: db.dialect }, docs)
  })
  return docs.length
}
