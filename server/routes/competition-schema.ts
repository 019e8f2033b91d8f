import { handlerBody, query } from '../lib/route-schema.ts'

/** Route-schema pieces the competition route files share. */
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
})

export const byCompetition = (name = 'competitionId') => query({ [name]: competitionIdField }, [name])
export const byWork = query({ id: idField }, ['id'])

/** A JSON body as an object (the route validator checked its declared fields' types only). */
export const asObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
