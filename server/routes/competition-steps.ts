import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import { competitionWorkSchema } from '../../schemas/api/competition.ts'
import { ok } from '../lib/envelope.ts'
import { handlerBody, replies, str } from '../lib/route-schema.ts'
import { type LaterStep, writeStep } from '../services/competition/works.ts'
import { bodyFields, entrantRoute, idField } from './competition-schema.ts'

const fileList = (types: string) => ({
  type: 'array',
  items: { type: 'object', properties: { fileUrl: str(300), fileOgName: str(255) } },
  description: `已上传文件（POST /api/common/upload 返回的 url 与文件名），${types}`,
})

/** updateWorkPropertyRight, updateDisplayBoard and saveAdviser: one step's form onto one work. */
const LATER_STEPS: Array<{
  path: string
  key: LaterStep
  summary: string
  description: string
  extra: Record<string, unknown>
}> = [
  {
    path: COMPETITION_API.propertyRight,
    key: 'propertyRight',
    summary: '保存作品的知识产权证明',
    description:
      '请求体 {id, propertyRight: [{fileUrl, fileOgName}…], …}：forms.propertyRight 表单（如 competition-property-right），文件为 pdf/jpg/jpeg/png。',
    extra: { propertyRight: fileList('pdf/jpg/jpeg/png') },
  },
  {
    path: COMPETITION_API.displayBoard,
    key: 'displayBoard',
    summary: '保存作品的展板',
    description:
      '请求体 {id, displayBoard: [{fileUrl, fileOgName}…]}：forms.displayBoard 表单（如 competition-display-board），图片为 jpg/jpeg/png。',
    extra: { displayBoard: fileList('jpg/jpeg/png') },
  },
  {
    path: COMPETITION_API.saveAdviser,
    key: 'adviser',
    summary: '保存作品的指导老师',
    description: '请求体 {id, …}：forms.adviser 表单（如 competition-adviser）的字段。',
    extra: {},
  },
]

/** The steps after a work's base info and statement, each a form written onto one of the user's works. */
export function laterStepRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  for (const { path, key, summary, description, extra } of LATER_STEPS)
    app.post(
      path,
      entrantRoute({
        summary,
        description: `${description}作品提交阶段内、确认提交前；只能写自己的作品。`,
        body: handlerBody({ type: 'object', properties: { id: idField, ...extra }, required: ['id'] }),
        response: replies(competitionWorkSchema),
      }),
      async (request) =>
        ok(
          await writeStep(app.db, app.competitions, request.userId, key, bodyFields(request.body)),
          '已保存',
        ),
    )
}
