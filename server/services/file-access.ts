import type { Kysely } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { isPublishedWinnerCover } from './results/published.ts'
import { organiserScope } from './staff/roles.ts'

/**
 * Who may fetch a stored upload (GET /api/files/:name and its thumbnails). An upload is private —
 * a competition's property-right proof, an entry form's file, a work not yet registered — until a
 * public record shows it; then anyone may, and caches may keep it (the name is its content hash).
 *
 * - 'public': a public record names it; served `public, max-age=31536000, immutable`.
 * - 'uploader': the viewer uploaded this content; served `private, no-store`.
 * - 'staff': an admin, an organiser of a competition whose entry holds the file (the console's
 *   entry page previews it), or a judge the entry is assigned to in a round that is not blind (a
 *   blind round's judges get clean copies under neutral names instead: services/judging/blind-files.ts);
 *   served `private, no-store`.
 * - 'none': anyone else, answered exactly as a file that does not exist.
 */
export type FileAccess = 'public' | 'uploader' | 'staff' | 'none'

export const FILE_CACHE = {
  public: 'public, max-age=31536000, immutable',
  uploader: 'private, no-store',
  staff: 'private, no-store',
} as const

/**
 * Whether a public record shows the file. Every place the public pages show an upload belongs here,
 * each found through an index: a registered work's files (primary and description images), the cover
 * of a competition work with a published award (the results page), and a profile photo that is an upload.
 */
async function shownPublicly(db: Kysely<Database>, name: string): Promise<boolean> {
  const work = await db
    .selectFrom('rights_work_files')
    .select('work_id')
    .where('file_name', '=', name)
    .limit(1)
    .executeTakeFirst()
  if (work) return true
  if (await isPublishedWinnerCover(db, name)) return true
  const photo = await db
    .selectFrom('users')
    .select('id')
    .where('profile_photo', '=', `/api/files/${name}`)
    .limit(1)
    .executeTakeFirst()
  return !!photo
}

/** Whether judges of a competition's round judge it blind (services/judging/rounds.ts, blindRound). */
export type BlindRound = (competitionId: number, roundId: string) => boolean

/**
 * The access a viewer has to a stored file. `viewer` is asked only for a file no public record
 * shows; a missing file and someone else's private one take the same steps and answer 'none'.
 */
export async function fileAccess(
  { kysely: db }: Db,
  name: string,
  viewer: () => Promise<number | undefined>,
  blind: BlindRound,
): Promise<FileAccess> {
  if (await shownPublicly(db, name)) return 'public'
  const userId = await viewer()
  if (userId === undefined) return 'none'
  const uploaded = await db
    .selectFrom('file_uploads')
    .select('user_id')
    .where('name', '=', name)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (uploaded) return 'uploader'
  if (await staffMaySee(db, userId, name)) return 'staff'
  return (await judgeSees(db, name, userId, blind)) ? 'staff' : 'none'
}

/**
 * Whether staff may open an entrant's upload: an admin any upload; an organiser one that an entry of
 * their competition names (its registration or a live work's forms hold `/api/files/<name>`).
 */
async function staffMaySee(db: Kysely<Database>, userId: number, name: string): Promise<boolean> {
  const scope = await organiserScope(db, userId)
  if (scope === undefined) return true
  if (!scope.length) return false
  // The name is a content hash with its extension (checked by the route): nothing in it is a LIKE wildcard.
  const like = `%/api/files/${name}%`
  const inRegistration = await db
    .selectFrom('competition_registrations')
    .select('id')
    .where('competition_id', 'in', scope)
    .where('data', 'like', like)
    .limit(1)
    .executeTakeFirst()
  if (inRegistration) return true
  const inWork = await db
    .selectFrom('competition_works')
    .select('id')
    .where('competition_id', 'in', scope)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or(
        (['base', 'info', 'adviser', 'property_right', 'display_board'] as const).map((column) =>
          eb(column, 'like', like),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst()
  return !!inWork
}

/**
 * A judge sees the files of the entries assigned to them in a round that is not blind (README
 * "Judging"): the work's base form (cover, pictures) and display boards — the files the judging entry
 * page lists — served privately like the uploader's own. In a blind round the original, with its
 * metadata, is not theirs to fetch even by its name. Names are content hashes with an extension, no
 * LIKE wildcards.
 */
async function judgeSees(
  db: Kysely<Database>,
  name: string,
  userId: number,
  blind: BlindRound,
): Promise<boolean> {
  if (!/^[0-9a-f]{64}\.[a-z0-9]{2,4}$/.test(name)) return false
  const pattern = `%/api/files/${name}%`
  const rounds = await db
    .selectFrom('judging_assignments as a')
    .innerJoin('competition_works as w', 'w.id', 'a.work_id')
    .select(['a.competition_id', 'a.round_id'])
    .distinct()
    .where('a.judge_id', '=', userId)
    .where((eb) => eb.or([eb('w.base', 'like', pattern), eb('w.display_board', 'like', pattern)]))
    .execute()
  return rounds.some((r) => !blind(r.competition_id, r.round_id))
}
