import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import { competitionDraftSchema, nullableDraftSchema } from '../../schemas/api/competition.ts'
import { ok } from '../lib/envelope.ts'
import { handlerBody, query, replies } from '../lib/route-schema.ts'
import { DRAFT_MAX_BYTES, readDraft, saveDraft } from '../services/competition/drafts.ts'
import { FORM_KEYS, FORM_LABELS } from '../services/competition-entries.ts'
import { bodyFields, competitionIdField, entrantRoute } from './competition-schema.ts'

const formKey = { type: 'string', enum: FORM_KEYS, description: '表单步骤：定义 forms 的键' } as const
const workIdField = { type: 'integer', minimum: 0, maximum: 2_147_483_647 } as const

/** The entrant's unfinished forms: one per competition, form and work. */
export function competitionDraftRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const registry = app.competitions

  app.get(
    COMPETITION_API.draft,
    entrantRoute({
      summary: `读取我未完成的表单草稿（没有时 data 为 null）；formKey：${FORM_KEYS.map((key) => `${key} ${FORM_LABELS[key]}`).join('、')}`,
      querystring: query({ competitionId: competitionIdField, formKey, workId: workIdField }, [
        'competitionId',
        'formKey',
      ]),
      response: replies(nullableDraftSchema),
    }),
    async (request) => ok(await readDraft(app.db, registry, request.userId, request.query)),
  )

  app.post(
    COMPETITION_API.draft,
    entrantRoute({
      summary: `保存我未完成的表单（每个赛事、表单、作品一份，最多 ${DRAFT_MAX_BYTES / 1024}KB；正式保存成功后自动删除）`,
      description: '请求体 {competitionId, formKey, workId?, data: {…表单内容，不校验}}。',
      body: handlerBody({
        type: 'object',
        properties: {
          competitionId: competitionIdField,
          formKey,
          workId: workIdField,
          data: { type: 'object', additionalProperties: true },
        },
        required: ['competitionId', 'formKey', 'data'],
      }),
      response: replies(competitionDraftSchema),
    }),
    async (request) => {
      const body = bodyFields(request.body)
      const { draft, msg } = await saveDraft(app.db, registry, request.userId, {
        ...body,
        data: body.data ?? {},
      })
      return ok(draft, msg)
    },
  )
}
