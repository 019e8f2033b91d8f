import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Compresses API responses over 1 KB (the region tree shrinks from ~165 KB to ~30 KB). gzip only:
 * brotli at request time costs more CPU than it saves here; static files come pre-compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] })
}
