import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyRequest } from 'fastify'
import { BusinessError, CODE } from './envelope.ts'

/** A host name or address with an optional port: what a browser sends, nothing a URL cannot hold. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The origin of the page being rendered, for the API calls its loaders make in process
 * (`app.inject` has no Host of the visitor's): only the server's own code can set it, so no client
 * header is trusted for it.
 */
export const renderingOrigin = new AsyncLocalStorage<string>()

/**
 * Where absolute links point: SITE_ORIGIN when set (production should set it), else the origin the
 * request arrived on — refused when its Host could not be part of a URL.
 */
export function requestOrigin(request: FastifyRequest, siteOrigin?: string): string {
  if (siteOrigin) return siteOrigin
  const rendering = renderingOrigin.getStore()
  if (rendering) return rendering
  if (request.host.length > 255 || !HOST.test(request.host))
    throw new BusinessError(CODE.badRequest, '请求的主机名无效')
  return `${request.protocol}://${request.host}`
}
