import type { FromSchema } from 'json-schema-to-ts'
import { boolean, integer, object, text } from './json.ts'

// The site's furniture (SPEC §3 "Menu"). How to add a type: schemas/api/json.ts.

/** One entry of the header menu: the items of GET /tbMenuInfo/queryAll. */
export const menuItemSchema = object({
  id: integer,
  key: text(50),
  title: text(50),
  url: text(200),
  hot: boolean,
})
export type MenuItem = FromSchema<typeof menuItemSchema>

/** One footer partner (content/site.json): the items of GET /common/partners. */
export const partnerSchema = object({
  id: integer,
  name: text(100),
  logo: text(200),
  url: { type: ['string', 'null'] },
})
export type Partner = FromSchema<typeof partnerSchema>

/** GET /health: the process answers (a load balancer's liveness probe; touches nothing else). */
export const healthSchema = object({ status: text(20), uptimeSeconds: integer })

/**
 * GET /ready: the instance can serve (its database, and with STORAGE=s3 its object store, answered
 * just now); 503 naming the part otherwise.
 */
export const readySchema = object({ status: text(20), databaseMs: integer, objectStoreMs: integer }, [
  'objectStoreMs',
])

/**
 * The lengths of a browser's report of a page that hydrated differently from its server render
 * (POST /api/client/hydration-mismatch): the page cuts its text to them, the server refuses more.
 */
export const HYDRATION_REPORT_MAX = { page: 500, message: 500, componentStack: 4000 } as const
