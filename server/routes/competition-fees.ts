import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import { applyMoneySchema, competitionPriceSchema } from '../../schemas/api/competition.ts'
import { approveResultSchema } from '../../schemas/api/payment.ts'
import { ok } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import { PAY_METHOD_PARAMS, query, replies } from '../lib/route-schema.ts'
import { applyMoney, entryFee, payEntryFee } from '../services/competition/fees.ts'
import { competitionOf } from '../services/competition/lookup.ts'
import { checkoutDeps } from '../services/payment/decorate.ts'
import { bodyFields, byCompetition, competitionBody, entrantRoute, TAGS } from './competition-schema.ts'

/** A competition's entry fee: what it is, and paying it through the one checkout. */
export function competitionFeeRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string },
): void {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const registry = app.competitions

  app.get(
    COMPETITION_API.authPrice,
    {
      schema: {
        tags: TAGS,
        summary:
          '赛事报名费：price 元（文本）、priceFen 分、required 是否必须缴费后才能确认提交；免费赛事 priceFen 为 0',
        querystring: byCompetition,
        response: replies(competitionPriceSchema),
      },
    },
    async (request) => ok(entryFee(competitionOf(registry, request.query.competitionId))),
  )

  app.get(
    COMPETITION_API.applyMoney,
    {
      schema: {
        tags: TAGS,
        summary: '全站统一报名费（定义中 pay.source 为 config 的赛事共用）；没有这样的赛事时 fen 为 0',
        querystring: query({}),
        response: replies(applyMoneySchema),
      },
    },
    async () => ok(applyMoney(registry)),
  )

  app.post(
    `${COMPETITION_API.pay}/:method`,
    entrantRoute({
      summary:
        '缴纳报名费：2 微信扫码（返回 codeUrl），3 在线支付（返回表单 body），4 余额支付；支付状态用 GET /my/getPayStatus',
      description:
        '请求体 {competitionId}。须已报名；免费赛事与已缴费的报名被拒绝；一份报名只会被标记缴费一次。',
      params: PAY_METHOD_PARAMS,
      body: competitionBody,
      response: replies(approveResultSchema),
    }),
    async (request) => {
      const c = competitionOf(registry, bodyFields(request.body).competitionId)
      const { data, msg } = await payEntryFee(app.db, checkoutDeps(app), {
        userId: request.userId,
        c,
        method: request.params.method,
        origin: requestOrigin(request, opts.siteOrigin),
        basePath: opts.basePath,
      })
      return ok(data, msg)
    },
  )
}
