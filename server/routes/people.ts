import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { listOf } from '../../schemas/api/json.ts'
import {
  designerDetailSchema,
  designerFilterSchema,
  designerSchema,
  prizeGroupSchema,
  talentDetailSchema,
  talentFilterSchema,
  talentSchema,
} from '../../schemas/api/people.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import { PAGING, query, replies, tableReplies } from '../lib/route-schema.ts'
import {
  type DesignerFilter,
  designerDetail,
  featuredDesigners,
  listDesigners,
  listTalents,
  prizeGroups,
  type TalentFilter,
  talentDetail,
} from '../services/people.ts'

const TAGS = ['设计师与人才']
/** Ids are PostgreSQL integers: a larger one is a bad request, not a database error. */
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const

const schemas = {
  designers: {
    tags: TAGS,
    summary: '设计师名录（公开）：按评价标准、专业、地区与关键词筛选，按认证时间由新到旧',
    querystring: query({ ...PAGING, ...designerFilterSchema.properties }),
    response: tableReplies(designerSchema),
  },
  featured: {
    tags: TAGS,
    summary: '首页推荐设计师（公开）：标为推荐的设计师，按认证时间由新到旧',
    querystring: query({}),
    response: replies(listOf(designerSchema)),
  },
  designer: {
    tags: TAGS,
    summary: '设计师详情（公开）',
    querystring: query({ id }, ['id']),
    response: replies(designerDetailSchema),
  },
  talents: {
    tags: TAGS,
    summary: '人才库（公开）：按学历、地区与关键词筛选，新加入的在前',
    querystring: query({ ...PAGING, ...talentFilterSchema.properties }),
    response: tableReplies(talentSchema),
  },
  talent: {
    tags: TAGS,
    summary: '人才详情（公开）',
    querystring: query({ id }, ['id']),
    response: replies(talentDetailSchema),
  },
  prizes: {
    tags: TAGS,
    summary: '奖项列表（SPEC §3 Prize list）：分组及各组奖项',
    querystring: query({}),
    response: replies(listOf(prizeGroupSchema)),
  },
} as const

/** How many designers the home page features. */
const FEATURED_DESIGNERS = 4

/** Empty text is no filter: a form that sends `evaluateStandard=` means "any". */
const given = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)

/** The designer and talent directories and the prize list (SPEC §2 Home and directories, §3). */
export async function peopleRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.get('/designer/list', { schema: schemas.designers }, async (request) => {
    const { pageNum, pageSize } = request.query
    const filter: DesignerFilter = {
      evaluateStandard: given(request.query.evaluateStandard),
      professional: given(request.query.professional),
      cityId: given(request.query.cityId),
      keyword: given(request.query.keyword),
    }
    const { rows, total } = await listDesigners(app.db, app.reference, filter, pageNum, pageSize)
    return table(rows, total)
  })

  app.get('/designer/featured', { schema: schemas.featured }, async () =>
    ok(await featuredDesigners(app.db, app.reference, FEATURED_DESIGNERS)),
  )

  app.get('/designer/detail', { schema: schemas.designer }, async (request) => {
    const designer = await designerDetail(app.db, app.reference, request.query.id)
    if (!designer) throw new BusinessError(CODE.notFound, '该设计师不存在或未公开')
    return ok(designer)
  })

  app.get('/talent/list', { schema: schemas.talents }, async (request) => {
    const { pageNum, pageSize } = request.query
    const filter: TalentFilter = {
      schoolRecord: given(request.query.schoolRecord),
      cityId: given(request.query.cityId),
      keyword: given(request.query.keyword),
    }
    const { rows, total } = await listTalents(app.db, app.reference, filter, pageNum, pageSize)
    return table(rows, total)
  })

  app.get('/talent/detail', { schema: schemas.talent }, async (request) => {
    const talent = await talentDetail(app.db, app.reference, request.query.id)
    if (!talent) throw new BusinessError(CODE.notFound, '该人才不存在或未公开')
    return ok(talent)
  })

  app.get('/common/listPrize', { schema: schemas.prizes }, async () => {
    return ok(await prizeGroups(app.db))
  })
}
