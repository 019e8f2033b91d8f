import fs from 'node:fs'
import type { Selectable } from 'kysely'
import type { WorkCard, WorkDetail, WorkFile } from '../../../schemas/api/works.ts'
import {
  extensionOf,
  isBrowserImage,
  isWorkImage,
  WORK_FILE_TYPES,
  WORK_PLACEHOLDER_COVERS,
  WORK_PREVIEW_WIDTH,
  WORK_THUMB_WIDTH,
  type WorkRenditionWidth,
} from '../../../schemas/works.ts'
import type { Db } from '../../db/connect.ts'
import type { RightsWorkTable } from '../../db/schema.ts'
import { cityNamesOf } from '../people.ts'
import type { ReferenceData } from '../reference-data.ts'
import type { FileStorage } from '../storage.ts'
import type { Renditions } from './renditions.ts'
import { decodeText } from './text-encoding.ts'

/** Characters of a text work shown in the detail view: enough to read, bounded for the answer. */
const MAX_TXT_CHARS = 20_000

export const fileUrl = (name: string) => `/api/files/${name}`
export const thumbUrl = (name: string, width: WorkRenditionWidth = WORK_THUMB_WIDTH) =>
  `/api/files/${name}/thumb?w=${width}`

/** A placeholder cover of public/works/, as an address under the base path. */
export const placeholderCover = (fileType: number, basePath: string) =>
  `${basePath}${(WORK_PLACEHOLDER_COVERS[fileType as keyof typeof WORK_PLACEHOLDER_COVERS] ?? WORK_PLACEHOLDER_COVERS[4]).slice(1)}`

/**
 * A card's cover (SPEC §2 Cards): an image work's 280-wide thumbnail (the thumbnail route answers the
 * generic cover for an original with no picture, such as an eps without preview); video and text works
 * get their placeholders and any other file the generic one.
 */
export function coverUrl(fileType: number, fileName: string, basePath: string): string {
  if (fileType === WORK_FILE_TYPES.image && isWorkImage(fileName)) return thumbUrl(fileName)
  return placeholderCover(fileType, basePath)
}

/** Deposit certificate and evidence package of a work: owner-only download routes. */
export const certificateUrl = (id: number) => `/api/works/${id}/certificate`
export const packageUrl = (id: number) => `/api/works/${id}/package`

/** The paged card list, newest first, filtered by owner and/or type. */
export async function listCards(
  { kysely: db }: Db,
  filter: { userId?: number; worksType?: string },
  page: { pageNum: number; pageSize: number },
  basePath: string,
): Promise<{ rows: WorkCard[]; total: number }> {
  let base = db.selectFrom('rights_works')
  if (filter.userId !== undefined) base = base.where('rights_works.user_id', '=', filter.userId)
  if (filter.worksType) base = base.where('rights_works.works_type', '=', filter.worksType)
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base
      .innerJoin('users', 'users.id', 'rights_works.user_id')
      .select([
        'rights_works.id',
        'rights_works.works_name',
        'rights_works.works_type',
        'rights_works.file_type',
        'rights_works.file_name',
        'rights_works.user_id',
        'rights_works.works_hash_time',
        'users.username',
        'users.profile_photo',
      ])
      .orderBy('rights_works.id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
  ])
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      fileUrl: coverUrl(r.file_type, r.file_name, basePath),
      worksName: r.works_name,
      worksType: r.works_type,
      fileType: r.file_type,
      userId: r.user_id,
      userName: r.username,
      ...(r.profile_photo ? { profilePhoto: r.profile_photo } : {}),
      createTime: r.works_hash_time,
    })),
  }
}

export type WorkRow = Selectable<RightsWorkTable>

export async function workById({ kysely: db }: Db, id: number): Promise<WorkRow | undefined> {
  return db.selectFrom('rights_works').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The beginning of a stored text file, in whichever encoding its author saved it. */
async function readText(file: string): Promise<string> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const buffer = Buffer.alloc(MAX_TXT_CHARS * 3)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return decodeText(buffer.subarray(0, bytesRead)).slice(0, MAX_TXT_CHARS)
  } finally {
    await handle.close()
  }
}

/**
 * The pictures of an image file (§2: "a previewable image"): a gif as uploaded so that it still
 * moves, other types as the server's WebP. A browser draws no tif or eps, so for those the rendition
 * is made now to learn whether there is a picture at all (once; it is kept); the other types always
 * decode, and the thumbnail route falls back to the original if one does not.
 */
async function pictureUrls(
  renditions: Renditions,
  name: string,
): Promise<Pick<WorkFile, 'thumbUrl' | 'previewUrl'>> {
  if (!isWorkImage(name)) return {}
  const ext = extensionOf(name)
  if (ext === 'gif') return { thumbUrl: thumbUrl(name), previewUrl: fileUrl(name) }
  const drawable = isBrowserImage(name) || (await renditions.hasPicture(name, WORK_PREVIEW_WIDTH))
  return drawable ? { thumbUrl: thumbUrl(name), previewUrl: thumbUrl(name, WORK_PREVIEW_WIDTH) } : {}
}

/**
 * GET /works/show/{id} (SPEC §2 "Work registration detail view", §6): public, but the registration
 * panel (fileSize, org, certificate number and the two downloads) and mine: true only for the owner.
 */
export async function workDetail(
  deps: { db: Db; storage: FileStorage; reference: ReferenceData; renditions: Renditions },
  work: WorkRow,
  viewerId: number | undefined,
  verifyUrl: string,
): Promise<WorkDetail> {
  const db = deps.db.kysely
  const [files, user, auth, profile] = await Promise.all([
    db
      .selectFrom('rights_work_files')
      .select(['file_name', 'original_name', 'file_primary'])
      .where('work_id', '=', work.id)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'username', 'profile_photo'])
      .where('id', '=', work.user_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('realname_auths')
      .select(['city_id', 'professional'])
      .where('user_id', '=', work.user_id)
      .executeTakeFirst(),
    // The creator's evaluation standard, when the designer has a directory profile.
    db
      .selectFrom('designer_profiles')
      .select('evaluate_standard')
      .where('user_id', '=', work.user_id)
      .executeTakeFirst(),
  ])
  const filesList: WorkFile[] = []
  for (const f of files) {
    const entry: WorkFile = {
      fileUrl: fileUrl(f.file_name),
      fileOgName: f.original_name,
      filePrimary: f.file_primary,
      ...(await pictureUrls(deps.renditions, f.file_name)),
    }
    if (f.file_primary === 1 && work.file_type === WORK_FILE_TYPES.text) {
      const path = await deps.storage.localPath(f.file_name)
      entry.txt = fs.existsSync(path) ? await readText(path) : ''
    }
    filesList.push(entry)
  }
  // Province and city (SPEC §3 Creator: "city names (list of two)").
  const cityNames = auth ? cityNamesOf(deps.reference, auth.city_id) : []
  const mine = viewerId === work.user_id
  const detail: WorkDetail = {
    id: work.id,
    mine,
    worksName: work.works_name,
    worksType: work.works_type,
    worksHashTime: work.works_hash_time,
    worksHash: work.works_hash,
    ...(work.works_abstract ? { worksAbstract: work.works_abstract } : {}),
    tag: work.tag,
    fileType: work.file_type,
    userName: user.username,
    qrCodeUrl: verifyUrl,
    filesList,
    userBaseVO: {
      id: user.id,
      username: user.username,
      ...(user.profile_photo ? { profilePhoto: user.profile_photo } : {}),
      ...(auth ? { cityId: auth.city_id, professional: auth.professional } : {}),
      ...(profile ? { evaluateStandard: profile.evaluate_standard } : {}),
      inDirectory: profile !== undefined,
      cityNames,
    },
  }
  if (mine) {
    detail.fileSize = Math.max(1, Math.ceil(work.file_size / 1024))
    detail.org = work.org
    detail.certificateStorageNo = work.certificate_storage_no ?? ''
    detail.certificateUrl = certificateUrl(work.id)
    detail.packageUrl = packageUrl(work.id)
  }
  return detail
}
