import { gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COMPRESS_THRESHOLD } from '../plugins/compression.ts'

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Whether a request's Accept-Encoding admits gzip: `gzip` (or its alias `x-gzip`) with q > 0, or
 * `*` with q > 0 when gzip is not named. What @fastify/compress would answer with gzip or deflate is
 * answered with gzip here, which the client accepts all the same.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  let star = false
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim())
    const q = params.find((p) => p.startsWith('q='))
    const accepted = q === undefined || Number(q.slice(2)) > 0
    if (coding === 'gzip' || coding === 'x-gzip') return accepted
    if (coding === '*') star = accepted
  }
  return star
}

/**
 * A whole JSON answer made once per data version and sent as bytes: no per-request serialisation and
 * no per-request compression. The bytes come from the route's own response serializer (its schema),
 * so they are exactly what Fastify would have written for `envelope`; the gzip copy is made the first
 * time a client asks for it. Routes that send these are registered with `compress: false`: the copy
 * made here replaces @fastify/compress's work, with the same threshold and Vary header.
 */
export class PreparedJson {
  readonly envelope: unknown
  private body: Buffer | undefined
  private gzipped: Buffer | undefined

  constructor(envelope: unknown) {
    this.envelope = envelope
  }

  /** The plain bytes, serialised by `reply`'s route on first use. */
  bytes(reply: FastifyReply): Buffer {
    if (!this.body) {
      const text = reply.serialize(this.envelope)
      this.body = typeof text === 'string' ? Buffer.from(text) : Buffer.from(text as ArrayBuffer)
    }
    return this.body
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const body = this.bytes(reply)
    reply.header('content-type', JSON_TYPE)
    if (
      body.length >= COMPRESS_THRESHOLD &&
      request.headers['x-no-compression'] === undefined &&
      acceptsGzip(request.headers['accept-encoding'])
    ) {
      this.gzipped ??= gzipSync(body)
      reply.header('vary', 'accept-encoding')
      reply.header('content-encoding', 'gzip')
      return reply.send(this.gzipped)
    }
    return reply.send(body)
  }
}
