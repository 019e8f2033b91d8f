import type { FastifyInstance, FastifyRequest } from 'fastify'
import { resolveSession } from '../services/sessions.ts'
import { requestToken } from './auth.ts'

/**
 * Who is asking for an uploaded file, if anyone signed in: the browser loads files through <img> and
 * <a href>, which carry the session cookie but not the SPA's Authorization header, so the cookie is how
 * an uploader is recognised. One small function, so that a change to how sessions travel is made here.
 */
export async function fileViewer(app: FastifyInstance, request: FastifyRequest): Promise<number | undefined> {
  const token = requestToken(request)
  return token ? resolveSession(app.db.kysely, token) : undefined
}
