import type { FastifyRequest } from 'fastify'
import { BusinessError, CODE } from './envelope.ts'

/** A host name or address with an optional port: what a browser sends, nothing a URL cannot hold. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * Where absolute links point: SITE_ORIGIN when set (production should set it), else the origin the
 * request arrived on — refused when its Host could not be part of a URL.
 */
export function requestOrigin(request: FastifyRequest, siteOrigin?: string): string {
  if (siteOrigin) return siteOrigin
  if (request.host.length > 255 || !HOST.test(request.host))
    throw new BusinessError(CODE.badRequest, '请求的主机名无效')
  return `${request.protocol}://${request.host}`
}
