import { handlerBody, query, SIGNED_IN } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'

/**
 * Route-schema pieces the competition route files share (competition, entries, fees, drafts, steps,
 * mine, receipts): one spelling of the tag, the two id fields and the querystrings and body built on
 * them, so their request types (json-schema-to-ts) are the same everywhere.
 */
export const TAGS = ['赛事']
export const competitionIdField = {
  type: 'integer',
  minimum: 1,
  maximum: 2_147_483_647,
  description: '赛事编号',
} as const
export const idField = {
  type: 'integer',
  minimum: 1,
  maximum: 2_147_483_647,
  description: '作品编号',
} as const

/** A body of just {competitionId} (finalising, paying). */
export const competitionBody = handlerBody({
  type: 'object',
  properties: { competitionId: competitionIdField },
  required: ['competitionId'],
} as const)

/** ?competitionId= (required). */
export const byCompetition = query({ competitionId: competitionIdField }, ['competitionId'])
/** ?id= of a work (required). */
export const byWork = query({ id: idField }, ['id'])

/**
 * The fields of a body the handler validates itself (handlerBody): the route validator checked only
 * the JSON types of the declared fields, so any of them may be missing and the body may not even be an
 * object (JSON `null` or a list reads as no fields, and the handler answers with its own message).
 */
export const bodyFields = <B>(body: B): Partial<B> =>
  (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Partial<B>

/** No parameters besides the token every route accepts. */
const NO_QUERY = query({})

/**
 * The options of a signed-in entrant's route: the user is required before validation, and the docs
 * show the 赛事 tag, the token carriers and, unless the route names its own, the bare token query.
 */
export const entrantRoute = <const S extends Record<string, unknown>>(schema: S) => ({
  preValidation: requireUser,
  schema: { tags: TAGS, security: SIGNED_IN, querystring: NO_QUERY, ...schema },
})
