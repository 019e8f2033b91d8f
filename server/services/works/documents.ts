import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { WORK_FILE_TYPE_LABELS, type WorkFileType } from '../../../schemas/works.ts'
import type { Db } from '../../db/connect.ts'
import { bufferOf, type WorkerPool } from '../../workers/pool.ts'
import type { NotaryProvider } from '../notary/provider.ts'
import type { FileStorage } from '../storage.ts'
import { PACKAGE_FILES } from './evidence-zip.ts'
import type { WorkRow } from './views.ts'

export { PACKAGE_FILES }

/**
 * The deposit certificate (PDF) and the evidence package (zip) of a work. They are made on the owner's
 * first download and kept in DATA_DIR/works/<id>/ (owner-only, so never in the public file store):
 * registering stays quick, the seed costs nothing at start, and a kept file is served as it was first
 * made. The certificate's QR code names SITE_ORIGIN, or the origin of that first download. Drawing the
 * PDF and packing the zip run in the worker pool.
 */

export interface DocumentDeps {
  db: Db
  storage: FileStorage
  notary: NotaryProvider
  dataDir: string
  workers: WorkerPool
}

/**
 * A Date whose local-time fields (what fflate writes into a zip's DOS time) read Beijing's wall clock,
 * whatever time zone the server runs in.
 */
export const beijingWallClock = (at: Date) => new Date(at.getTime() + (480 + at.getTimezoneOffset()) * 60_000)

/** A file name from a user, safe as one zip entry: no folders, no control characters. */
function safeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').replace(/^\.+/, '_')
  return cleaned.slice(0, 120) || 'work'
}

function readme(work: WorkRow, originalEntry: string, verifyUrl: string): string {
  return [
    `作品存证证据包 · ${work.certificate_storage_no}`,
    '',
    `作品名称：${work.works_name}`,
    `存证时间：${work.works_hash_time}（北京时间）`,
    `确权哈希（statement.txt 的 SHA-256）：${work.works_hash}`,
    '',
    '包内文件：',
    `  ${originalEntry}  登记的作品原始文件`,
    `  ${PACKAGE_FILES.statement}  权利声明文件（著作权人、作品名称、作品文件的 SHA-256、时间）`,
    `  ${PACKAGE_FILES.manifest}  以上各文件的 SHA-256 清单`,
    `  ${PACKAGE_FILES.certificate}  作品存证证书（A4）`,
    `  ${PACKAGE_FILES.token}  RFC 3161 时间戳令牌（TimeStampToken，DER）`,
    `  ${PACKAGE_FILES.tsaCertificate}  签发时间戳的证书（PEM）`,
    '',
    '如何自行校验（需要 sha256sum 与 openssl）：',
    '  1. 文件完整：sha256sum -c manifest.sha256',
    '  2. 确权哈希：sha256sum statement.txt，结果应等于上面的确权哈希',
    '  3. 时间戳：openssl ts -verify -data statement.txt -in timestamp.tsr -token_in -CAfile tsa.crt',
    '     显示 Verification: OK 即说明：该声明文件在令牌记载的时间已经存在，且此后未被改动',
    '  4. 令牌内容：openssl ts -reply -in timestamp.tsr -token_in -text',
    '     （Time stamp 一行为 UTC 时间；Message data 为确权哈希）',
    `  5. 在线查验：${verifyUrl}`,
    '',
    '说明：本证据包由演示平台生成，时间戳由本站服务器的密钥签名（非国家授时中心），存证链为本站的本地哈希链。',
    '',
  ].join('\r\n')
}

export class WorkDocuments {
  private readonly deps: DocumentDeps
  private readonly making = new Map<string, Promise<Buffer>>()

  constructor(deps: DocumentDeps) {
    this.deps = deps
  }

  private folder(id: number) {
    return path.join(this.deps.dataDir, 'works', String(id))
  }

  /** A kept document, or made once (concurrent first downloads share one making) and kept. */
  private async kept(id: number, file: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const target = path.join(this.folder(id), file)
    if (await this.deps.storage.fetchDerived(target)) return fs.promises.readFile(target)
    const key = target
    let pending = this.making.get(key)
    if (!pending) {
      pending = (async () => {
        const bytes = await make()
        await fs.promises.mkdir(path.dirname(target), { recursive: true })
        const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`
        await fs.promises.writeFile(temp, bytes)
        await fs.promises.rename(temp, target)
        // Kept for every instance: the evidence package a user checked stays the same bytes everywhere.
        await this.deps.storage.keepDerived(target)
        return bytes
      })().finally(() => this.making.delete(key))
      this.making.set(key, pending)
    }
    return pending
  }

  certificate(work: WorkRow, verifyUrl: string): Promise<Buffer> {
    return this.kept(work.id, PACKAGE_FILES.certificate, async () => {
      const type = await this.deps.db.kysely
        .selectFrom('dictionaries')
        .select('dict_label')
        .where('dict_type', '=', 'sys_works_type')
        .where('dict_code', '=', work.works_type)
        .executeTakeFirst()
      const pdf = await this.deps.workers.run('depositCertificatePdf', {
        // The owner as the statement names them (the verified name at registration).
        owner: ownerFromStatement(work.statement) ?? '',
        worksName: work.works_name,
        worksTypeLabel: type?.dict_label ?? work.works_type,
        fileTypeLabel: WORK_FILE_TYPE_LABELS[work.file_type as WorkFileType] ?? '文件',
        certificateStorageNo: work.certificate_storage_no ?? '',
        fileSha256: work.file_sha256,
        worksHash: work.works_hash,
        worksHashTime: work.works_hash_time,
        org: work.org,
        chainName: this.deps.notary.chainName,
        chainHeight: work.chain_height,
        chainHash: work.chain_hash,
        tsaSerial: work.tsa_serial,
        verifyUrl,
      })
      return bufferOf(pdf)
    })
  }

  /** The evidence package: original file, statement, manifest, certificate, token, TSA certificate, 说明.txt. */
  evidencePackage(work: WorkRow, verifyUrl: string): Promise<Buffer> {
    return this.kept(work.id, 'evidence.zip', async () => {
      const certificate = await this.certificate(work, verifyUrl)
      const originalEntry = `work/${safeName(work.original_name)}`
      const zip = await this.deps.workers.run('evidencePackage', {
        originalPath: await this.deps.storage.localPath(work.file_name),
        originalEntry,
        statement: work.statement,
        certificate,
        timestampToken: work.timestamp_token,
        tsaCertificate: work.tsa_certificate,
        readme: readme(work, originalEntry, verifyUrl),
        // Zip times carry no zone and are read as wall-clock time: Beijing's, as everything else
        // about the work states it.
        mtime: beijingWallClock(new Date(work.created_at)),
      })
      return bufferOf(zip)
    })
  }
}

/** The owner named in a statement (著作权人：…), as registered. */
export function ownerFromStatement(statement: string): string | undefined {
  return /^著作权人：(.+)$/m.exec(statement)?.[1]
}
