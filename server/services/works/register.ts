import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { Kysely } from 'kysely'
import { beijingIso } from '../../../schemas/beijing-time.ts'
import { MAX_DESCRIPTION_IMAGE_MB } from '../../../schemas/forms/works-register.ts'
import { extensionOf, fileTypeOf } from '../../../schemas/works.ts'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { uploadsOf } from '../file-records.ts'
import type { NotaryProvider } from '../notary/provider.ts'
import { indexSearchDocs } from '../search-index.ts'
import { type FileStorage, MAX_UPLOAD_BYTES } from '../storage.ts'
import { workSearchDoc } from './search.ts'

export const WORKS_MESSAGES = {
  notVerified: '请先完成实名认证：作品确权仅对以中国大陆居民身份证完成实名认证的用户开放',
  notMainland:
    '仅中国大陆居民身份证实名认证的用户可使用作品确权。您以其他证件完成了实名认证，暂不能登记作品；如有疑问请联系客服',
  badType: '请选择有效的作品类型',
  fileMissing: '作品文件不存在，请重新上传',
  imageMissing: '作品说明图不存在，请重新上传',
  fileTooLarge: '作品文件不能超过20MB',
  imageTooLarge: `作品说明图每张不能超过${MAX_DESCRIPTION_IMAGE_MB}MB`,
  duplicate: '该文件已完成作品确权登记，同一文件不能重复登记',
  anotherOwnersImage: '该文件是他人已登记作品的说明图，不能登记为您的作品',
  tooMany: '作品登记过于频繁，请稍后再试',
  notFound: '作品不存在',
} as const

/** The form as the route has validated it (schemas/forms/works-register.ts). */
export interface WorkRegistration {
  worksFile: { fileUrl: string; fileOgName: string }
  images?: Array<{ fileUrl: string; fileOgName: string }>
  worksName: string
  worksType: string
  tag: string
  worksAbstract?: string
}

export interface WorksDeps {
  db: Db
  storage: FileStorage
  notary: NotaryProvider
}

const FILE_URL = /^\/api\/files\/([0-9a-f]{64}\.[a-z0-9]{2,4})$/

/** "2026" → KB-CZ-2026-000123: plainly a demo number (KB = 咖簿, CZ = 存证), never a real notary's. */
export const certificateNumber = (year: string, id: number) => `KB-CZ-${year}-${String(id).padStart(6, '0')}`

/** Tags as stored: full-width commas made half-width, blanks around each tag dropped. */
export const normaliseTags = (tag: string) =>
  tag
    .split(/[,，]/)
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',')

/** SHA-256 of a stored file, read from disk: the server's own computation, not the upload's record. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * The rights statement (SPEC §3 "hash of the rights statement file"): who claims which file, by its
 * SHA-256, when. Its own SHA-256 is the work's worksHash, which the notary timestamps; the text is
 * kept byte for byte and goes into the evidence package, so anyone can hash it again.
 */
export function rightsStatement(s: {
  owner: string
  worksName: string
  worksTypeLabel: string
  originalName: string
  fileSha256: string
  fileSize: number
  time: string
  org: string
  chainName: string
}): string {
  return [
    '作品著作权确权声明',
    '',
    `著作权人：${s.owner}`,
    `作品名称：${s.worksName}`,
    `作品类型：${s.worksTypeLabel}`,
    `作品文件：${s.originalName}`,
    `作品文件 SHA-256：${s.fileSha256}`,
    `作品文件大小：${s.fileSize} 字节`,
    `声明时间：${s.time}（北京时间）`,
    '',
    `本人声明：上述作品由本人独立创作完成，本人依法享有该作品的著作权。本声明文件的 SHA-256 即本作品的确权哈希，由${s.org}加盖 RFC 3161 时间戳，并记入${s.chainName}。`,
    '',
  ].join('\n')
}

interface StoredRef {
  name: string
  size: number
  originalName: string
}

/** The files a form names, each one this user uploaded; anything else reads as missing. */
async function storedFiles(
  db: Kysely<Database>,
  userId: number,
  refs: ReadonlyArray<{ fileUrl: string; fileOgName: string }>,
  missing: string,
): Promise<StoredRef[]> {
  const names = refs.map((r) => FILE_URL.exec(r.fileUrl)?.[1])
  if (names.some((n) => !n)) throw new BusinessError(CODE.badRequest, missing)
  const sizes = await uploadsOf(db, userId, names as string[])
  return refs.map((ref, i) => {
    const name = names[i]!
    const size = sizes.get(name)
    if (size === undefined) throw new BusinessError(CODE.badRequest, missing)
    return { name, size, originalName: withStoredExtension(ref.fileOgName.slice(0, 255), name) }
  })
}

/**
 * The name a file was uploaded under, ending in the extension it is stored by: how the work is shown
 * and what the evidence package calls it follow the stored type, never a name the client made up.
 */
function withStoredExtension(originalName: string, storedName: string): string {
  const ext = extensionOf(storedName)
  if (extensionOf(originalName) === ext) return originalName
  return `${originalName.slice(0, 255 - ext.length - 1)}.${ext}`
}

/** Whether the user may register works: verified with a mainland ID card (SPEC §1); else the reason. */
export async function rightsOwner(db: Kysely<Database>, userId: number): Promise<{ username: string }> {
  const auth = await db
    .selectFrom('realname_auths')
    .select(['username', 'rights_eligible'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!auth) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.notVerified)
  if (auth.rights_eligible !== 1) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.notMainland)
  return { username: auth.username }
}

/**
 * Registers a work (the route and the seed both come here): checks the owner and the files, hashes
 * the primary file, writes and deposits the rights statement, stores the work and indexes it.
 * The deposit happens before the insert; should the insert then lose a race for the same file, the
 * chain keeps a record of a statement nobody stores — harmless, and the chain stays whole.
 */
export async function registerWork(deps: WorksDeps, userId: number, form: WorkRegistration): Promise<number> {
  const k = deps.db.kysely
  const owner = await rightsOwner(k, userId)
  const type = await k
    .selectFrom('dictionaries')
    .select('dict_label')
    .where('dict_type', '=', 'sys_works_type')
    .where('dict_code', '=', form.worksType)
    .executeTakeFirst()
  if (!type) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.badType)

  const [primary] = await storedFiles(k, userId, [form.worksFile], WORKS_MESSAGES.fileMissing)
  if (!primary) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.fileMissing)
  if (primary.size > MAX_UPLOAD_BYTES) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.fileTooLarge)
  const images = await storedFiles(k, userId, form.images ?? [], WORKS_MESSAGES.imageMissing)
  if (images.some((i) => i.size > MAX_DESCRIPTION_IMAGE_MB * 1024 * 1024))
    throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.imageTooLarge)

  const path = await deps.storage.localPath(primary.name)
  if (!fs.existsSync(path)) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.fileMissing)
  const fileSha256 = await sha256OfFile(path)
  const size = (await fs.promises.stat(path)).size
  const taken = await k
    .selectFrom('rights_works')
    .select('id')
    .where('file_sha256', '=', fileSha256)
    .executeTakeFirst()
  if (taken) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.duplicate)
  // A picture another designer registered as part of their work is theirs too (the same bytes are the
  // same stored name, however it was uploaded again).
  const theirs = await k
    .selectFrom('rights_work_files')
    .innerJoin('rights_works', 'rights_works.id', 'rights_work_files.work_id')
    .select('rights_works.id')
    .where('rights_work_files.file_name', '=', primary.name)
    .where('rights_works.user_id', '!=', userId)
    .executeTakeFirst()
  if (theirs) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.anotherOwnersImage)

  // Whole seconds: the statement, worksHashTime and the token's genTime name the same instant.
  const at = new Date(Math.floor(Date.now() / 1000) * 1000)
  const time = beijingIso(at)
  const statement = rightsStatement({
    owner: owner.username,
    worksName: form.worksName,
    worksTypeLabel: type.dict_label,
    originalName: primary.originalName,
    fileSha256,
    fileSize: size,
    time,
    org: deps.notary.org,
    chainName: deps.notary.chainName,
  })
  const worksHash = createHash('sha256').update(statement, 'utf8').digest('hex')
  const deposit = await deps.notary.deposit(worksHash, at)

  const tag = normaliseTags(form.tag)
  let id: number
  try {
    id = await k.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('rights_works')
        .values({
          user_id: userId,
          works_name: form.worksName,
          works_type: form.worksType,
          tag,
          works_abstract: form.worksAbstract ?? null,
          file_type: fileTypeOf(primary.name),
          file_name: primary.name,
          file_sha256: fileSha256,
          file_size: size,
          original_name: primary.originalName,
          statement,
          works_hash: worksHash,
          works_hash_time: time,
          org: deps.notary.org,
          notary: deps.notary.name,
          tsa_serial: deposit.timestampSerial,
          timestamp_token: deposit.timestampToken.toString('base64'),
          tsa_certificate: deposit.tsaCertificate,
          chain_height: deposit.chain.height,
          chain_hash: deposit.chain.hash,
          created_at: at.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .updateTable('rights_works')
        .set({ certificate_storage_no: certificateNumber(time.slice(0, 4), row.id) })
        .where('id', '=', row.id)
        .execute()
      await trx
        .insertInto('rights_work_files')
        .values([
          {
            work_id: row.id,
            file_name: primary.name,
            original_name: primary.originalName,
            file_primary: 1,
            sort: 0,
          },
          ...images.map((image, i) => ({
            work_id: row.id,
            file_name: image.name,
            original_name: image.originalName,
            file_primary: 0,
            sort: i + 1,
          })),
        ])
        .execute()
      // The designer directory shows a kept count (migration 0012), so no list page counts works.
      await trx
        .updateTable('designer_profiles')
        .set((eb) => ({ works_number: eb('works_number', '+', 1) }))
        .where('user_id', '=', userId)
        .execute()
      return row.id
    })
  } catch (error) {
    // Two registrations of one file at once: the unique file_sha256 lets one in.
    const now = await k
      .selectFrom('rights_works')
      .select('id')
      .where('file_sha256', '=', fileSha256)
      .executeTakeFirst()
    if (now) throw new BusinessError(CODE.badRequest, WORKS_MESSAGES.duplicate)
    throw error
  }
  const ownerName = await k
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  await indexSearchDocs(deps.db, [
    workSearchDoc(
      { id, works_name: form.worksName, tag, works_abstract: form.worksAbstract ?? null },
      ownerName.username,
      type.dict_label,
    ),
  ])
  return id
}
