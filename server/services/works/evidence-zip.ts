import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { type ZipOptions, type Zippable, zipSync } from 'fflate'

/** The entries of an evidence package besides the work's own file (README "作品确权"). */
export const PACKAGE_FILES = {
  statement: 'statement.txt',
  certificate: 'certificate.pdf',
  token: 'timestamp.tsr',
  tsaCertificate: 'tsa.crt',
  manifest: 'manifest.sha256',
  readme: '说明.txt',
} as const

/** What a package holds, as plain data a worker thread can be handed. */
export interface EvidenceInput {
  /** The stored original (up to 20 MB), read by the thread. */
  originalPath: string
  /** Its entry in the zip: `work/<original name>`. */
  originalEntry: string
  statement: string
  certificate: Uint8Array
  /** The RFC 3161 token, base64 of its DER. */
  timestampToken: string
  tsaCertificate: string
  readme: string
  /** Entry times: a Date whose local fields read Beijing's wall clock (documents.ts). */
  mtime: Date
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

/**
 * The evidence zip: hashing and packing up to 20 MB is work for a worker thread (tasks.ts), not for
 * the thread that answers requests. The manifest is in sha256sum's own format, so
 * `sha256sum -c manifest.sha256` checks the package.
 */
export async function packEvidence(input: EvidenceInput): Promise<Uint8Array> {
  const original = await fs.promises.readFile(input.originalPath)
  const files: Array<[string, Uint8Array]> = [
    [input.originalEntry, original],
    [PACKAGE_FILES.statement, Buffer.from(input.statement, 'utf8')],
    [PACKAGE_FILES.certificate, input.certificate],
    [PACKAGE_FILES.token, Buffer.from(input.timestampToken, 'base64')],
    [PACKAGE_FILES.tsaCertificate, Buffer.from(input.tsaCertificate, 'utf8')],
  ]
  const manifest = `${files.map(([name, bytes]) => `${sha256(bytes)}  ${name}`).join('\n')}\n`
  const entries: Zippable = {}
  // Made on Unix (os 3) with plain file modes: unzip then takes the UTF-8 flag at its word, where
  // for a "DOS" archive Debian's unzip re-reads Chinese names as code page 437.
  const entry = (bytes: Uint8Array): [Uint8Array, ZipOptions] => [bytes, { os: 3, attrs: 0o100644 << 16 }]
  for (const [name, bytes] of files) entries[name] = entry(bytes)
  entries[PACKAGE_FILES.manifest] = entry(Buffer.from(manifest, 'utf8'))
  entries[PACKAGE_FILES.readme] = entry(Buffer.from(input.readme, 'utf8'))
  // Stored without compression: media does not shrink, and any unzip reads it.
  return zipSync(entries, { level: 0, mtime: input.mtime })
}
