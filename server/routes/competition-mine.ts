import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import {
  certificatePostSchema,
  competitionCertificateSchema,
  myCompetitionSchema,
} from '../../schemas/api/competition.ts'
import { listOf } from '../../schemas/api/json.ts'
import { ok } from '../lib/envelope.ts'
import { handlerBody, query, replies } from '../lib/route-schema.ts'
import { certificateOf, certificatePosts, requestPost } from '../services/competition/certificates.ts'
import { myCompetitions } from '../services/competition/registrations.ts'
import { bodyFields, byCompetition, competitionIdField, entrantRoute, idField } from './competition-schema.ts'

/** The user's competitions, participation certificates and their posting. */
export function competitionMineRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const registry = app.competitions
  const postDeps = () => ({ registry, reference: app.reference })

  app.get(
    COMPETITION_API.myCompetitions,
    entrantRoute({
      summary: '我参加的赛事及状态（最新报名在前）',
      response: replies(listOf(myCompetitionSchema)),
    }),
    async (request) => ok(await myCompetitions(app.db, registry, request.userId)),
  )

  app.get(
    COMPETITION_API.userCertificate,
    entrantRoute({
      summary: '我的参赛证书（结果公布后，已确认提交的报名）：编号、姓名、赛事、作品',
      querystring: byCompetition,
      response: replies(competitionCertificateSchema),
    }),
    async (request) => ok(await certificateOf(app.db, registry, request.userId, request.query.competitionId)),
  )

  app.post(
    COMPETITION_API.postCertificate,
    entrantRoute({
      summary: '申请邮寄参赛证书到我的一个地址（每份报名一条，再次申请改为新地址）',
      description: '请求体 {competitionId, addressId}；addressId 为 /address/list 中我的地址。',
      body: handlerBody({
        type: 'object',
        properties: { competitionId: competitionIdField, addressId: idField },
        required: ['competitionId', 'addressId'],
      }),
      response: replies(certificatePostSchema),
    }),
    async (request) => {
      const { competitionId, addressId } = bodyFields(request.body)
      const post = await requestPost(app.db, postDeps(), request.userId, {
        competitionId,
        addressId,
        postagePaid: false,
      })
      return ok(post, '已提交邮寄申请')
    },
  )

  app.get(
    COMPETITION_API.postCertificateNoPay,
    {
      // A GET by SPEC §7 that files a posting request when it names an address.
      config: { changesState: true },
      ...entrantRoute({
        summary:
          '免邮费邮寄证书：带 competitionId 与 addressId 时提交申请；不带 addressId 时列出我的邮寄申请',
        querystring: query({ competitionId: competitionIdField, addressId: idField }),
        response: replies(listOf(certificatePostSchema)),
      }),
    },
    async (request) => {
      const { competitionId, addressId } = request.query
      if (competitionId !== undefined && addressId !== undefined) {
        const post = await requestPost(app.db, postDeps(), request.userId, {
          competitionId,
          addressId,
          postagePaid: false,
        })
        return ok([post], '已提交邮寄申请')
      }
      return ok(await certificatePosts(app.db, request.userId, competitionId))
    },
  )
}
