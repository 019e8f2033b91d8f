import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import { myCompetitionSchema } from '../../schemas/api/competition.ts'
import { listOf } from '../../schemas/api/json.ts'
import { ok } from '../lib/envelope.ts'
import { replies } from '../lib/route-schema.ts'
import { myCompetitions } from '../services/competition/registrations.ts'
import { entrantRoute } from './competition-schema.ts'

/**
 * The user's competitions. Their certificates and the posting of them are in
 * competition-certificates.ts.
 */
export function competitionMineRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const registry = app.competitions

  app.get(
    COMPETITION_API.myCompetitions,
    entrantRoute({
      summary: '我参加的赛事及状态（最新报名在前）',
      response: replies(listOf(myCompetitionSchema)),
    }),
    async (request) => ok(await myCompetitions(app.db, registry, request.userId)),
  )
}
