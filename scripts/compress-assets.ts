import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/**
 * After `vite build`: writes .br and .gz beside every compressible file in dist/, so the server
 * (@fastify/static preCompressed) sends the smallest encoding the browser accepts without
 * compressing on each request.
 */
const dist = path.resolve(import.meta.dirname, '../dist')
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map)$/
const MIN_BYTES = 1024

let files = 0
let raw = 0
let brotli = 0
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  // The manifest and the server renderer are read from disk by the server, never sent.
  if (file.includes(`${path.sep}.vite${path.sep}`) || file.startsWith(path.join(dist, 'ssr', path.sep)))
    continue
  const content = fs.readFileSync(file)
  if (content.length < MIN_BYTES) continue
  const br = zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
  fs.writeFileSync(`${file}.br`, br)
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }))
  files++
  raw += content.length
  brotli += br.length
}
console.log(
  `compressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`,
)
