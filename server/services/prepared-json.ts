import { createHash } from 'node:crypto'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

const JSON_TYPE = 'application/json; charset=utf-8'

/** Answers smaller than this go uncompressed, here and in the compression plugin (plugins/compression.ts). */
export const COMPRESS_THRESHOLD = 1024

export type PreparedEncoding = 'br' | 'gzip'

/**
 * The encodings a prepared answer may be sent in, best first, from a request's Accept-Encoding:
 * brotli and gzip (`x-gzip` is gzip) by their q (brotli first on a tie, as it is smaller); `*` stands
 * for either when not named; q=0 refuses. Empty: send it as it is.
 */
export function acceptedEncodings(header: string | undefined): readonly PreparedEncoding[] {
  if (!header) return []
  let known = seen.get(header)
  if (!known) {
    if (seen.size >= 64) seen.clear()
    known = Object.freeze(parseAcceptEncoding(header))
    seen.set(header, known)
  }
  return known
}

/** Browsers send a handful of distinct Accept-Encoding values: each is read once (at most 64 kept). */
const seen = new Map<string, readonly PreparedEncoding[]>()

function parseAcceptEncoding(header: string): PreparedEncoding[] {
  const q: Partial<Record<PreparedEncoding | '*', number>> = {}
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim())
    const coding = name === 'x-gzip' ? 'gzip' : name
    if (coding !== 'br' && coding !== 'gzip' && coding !== '*') continue
    const weight = params.find((p) => p.startsWith('q='))
    const value = weight === undefined ? 1 : Number(weight.slice(2))
    q[coding] = Number.isFinite(value) ? value : 0
  }
  const br = q.br ?? q['*'] ?? 0
  const gzip = q.gzip ?? q['*'] ?? 0
  const order: PreparedEncoding[] = br >= gzip ? ['br', 'gzip'] : ['gzip', 'br']
  return order.filter((e) => (e === 'br' ? br : gzip) > 0)
}

function compress(encoding: PreparedEncoding, body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out))
    if (encoding === 'gzip') gzip(body, { level: constants.Z_BEST_COMPRESSION }, done)
    else {
      brotliCompress(
        body,
        {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      )
    }
  })
}

/**
 * A whole JSON answer made once per data version and sent as bytes: no per-request serialisation and
 * no per-request compression. The bytes come from the route's own response serializer (its schema),
 * so they are exactly what Fastify would have written for `envelope`; each compressed copy is made the
 * first time a client asks for it, and the answers asked for meanwhile wait for it. Routes that send
 * these are registered with `compress: false` (and `decompress: false`: they read no body): the copies
 * made here replace @fastify/compress's work, with the same threshold and Vary header, and brotli at
 * its best quality besides, since it is paid once and not per request.
 */
export class PreparedJson {
  readonly envelope: unknown
  private body: Buffer | undefined
  private readonly encoded: Partial<Record<PreparedEncoding, Promise<Buffer>>> = {}
  private readonly ready: Partial<Record<PreparedEncoding, Buffer>> = {}
  private tag: string | undefined

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

  /**
   * The answer's validator: a hash of its plain bytes, weak since the compressed copies are the same
   * answer in another encoding.
   */
  etag(reply: FastifyReply): string {
    this.tag ??= `W/"${createHash('sha256').update(this.bytes(reply)).digest('base64url').slice(0, 32)}"`
    return this.tag
  }

  /**
   * Sends the answer for browsers to keep and ask again before each use (no-cache with its ETag): the
   * data may change with any read of the files, and a request naming the ETag it holds gets 304 with
   * no body.
   */
  sendRevalidated(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
    const etag = this.etag(reply)
    reply.header('etag', etag).header('cache-control', 'no-cache')
    if (!etagMatches(request.headers['if-none-match'], etag)) return this.send(request, reply)
    if (this.bytes(reply).length >= COMPRESS_THRESHOLD) reply.header('vary', 'accept-encoding')
    return reply.code(304).send()
  }

  /**
   * The bytes in `encoding`, compressed once, off the event loop (brotli at its best quality takes
   * ~0.25 s for the region tree): the answers asked for meanwhile wait for the same copy. A failed
   * compression is forgotten, so the next ask tries again.
   */
  encodedBytes(reply: FastifyReply, encoding: PreparedEncoding): Promise<Buffer> {
    let bytes = this.encoded[encoding]
    if (!bytes) {
      bytes = compress(encoding, this.bytes(reply))
      this.encoded[encoding] = bytes
      bytes.catch(() => {
        if (this.encoded[encoding] === bytes) delete this.encoded[encoding]
      })
    }
    return bytes
  }

  /**
   * Sends the answer in the best encoding the request accepts (brotli, gzip) when it is over the
   * compression threshold, else as it is. Synchronous once the copy exists.
   */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
    const body = this.bytes(reply)
    reply.header('content-type', JSON_TYPE)
    if (body.length < COMPRESS_THRESHOLD || request.headers['x-no-compression'] !== undefined) {
      return reply.send(body)
    }
    reply.header('vary', 'accept-encoding')
    const encoding = acceptedEncodings(request.headers['accept-encoding'])[0]
    if (!encoding) return reply.send(body)
    const ready = this.ready[encoding]
    if (ready) return reply.header('content-encoding', encoding).send(ready)
    return this.encodedBytes(reply, encoding).then(
      (bytes) => {
        this.ready[encoding] = bytes
        return reply.header('content-encoding', encoding).send(bytes)
      },
      (error: unknown) => {
        reply.log.error({ err: error, encoding }, 'prepared answer: compression failed, sent as it is')
        return reply.send(body)
      },
    )
  }
}

/** If-None-Match against a weak ETag: `*`, or any listed tag, strong or weak (RFC 9110 weak comparison). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === opaque
  })
}
