import type { FastifyRequest } from 'fastify'

/** Where absolute links point: SITE_ORIGIN when set, else the origin the request arrived on. */
export const requestOrigin = (request: FastifyRequest, siteOrigin?: string): string =>
  siteOrigin || `${request.protocol}://${request.host}`
