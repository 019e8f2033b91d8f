import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MAX_UPLOAD_BYTES } from '../services/storage.ts'

/** More than any upload this server takes: a client still sending beyond it is disconnected. */
const MAX_DRAIN_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024

type MultipartLimits = { fileSize: number; files: number; fields: number; parts: number }

/**
 * Multipart for the routes of one context (each upload route keeps multipart's hooks off every other
 * route), and the rest of the body read to its end after the answer. A file handler that stops reading
 * half-way — a full disk, a refused type, a file over the limit — answers at once; without this, the
 * unread rest of the body stayed in the connection, so the next request on that keep-alive connection
 * was never parsed and hung until the client gave up (73 s). Draining keeps the connection usable and
 * lets the client finish sending and read the answer; closing it instead could reset it under a client
 * still sending, which then never sees the answer.
 */
export async function registerMultipart(scope: FastifyInstance, limits: MultipartLimits): Promise<void> {
  await scope.register(multipart, { limits })
  scope.addHook('onResponse', (request, _reply, done) => {
    drainUnreadBody(request)
    done()
  })
}

function drainUnreadBody(request: FastifyRequest): void {
  const raw = request.raw
  if (raw.complete || raw.destroyed) return
  // The parser may still be attached, stalled on a file stream nobody reads: the body is ours now.
  raw.unpipe()
  let drained = 0
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > MAX_DRAIN_BYTES) raw.socket.destroy()
  })
  raw.resume()
}
