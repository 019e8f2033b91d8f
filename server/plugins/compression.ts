import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { COMPRESS_THRESHOLD } from '../services/prepared-json.ts'

/**
 * Compresses API responses over 1 KB (the region tree shrinks from ~165 KB to ~30 KB). gzip only:
 * brotli at request time costs more CPU than it saves here; static files come pre-compressed. The
 * cached reference answers (menu, partners, dictionaries, regions) are compressed once per data
 * version instead (PreparedJson) and opt out with `compress: false`.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['gzip', 'deflate'],
  })
}
