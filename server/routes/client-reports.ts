import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { HYDRATION_REPORT_MAX } from '../../schemas/api/site.ts'
import { ok } from '../lib/envelope.ts'
import { redactText } from '../lib/log-options.ts'
import { query, replies, shape, str } from '../lib/route-schema.ts'
import type { Limit } from '../services/rate-limits.ts'

/** Reports one address may send: a page that differs sends one per visit, a script could send many. */
export const HYDRATION_REPORT_LIMIT: Limit = { windowMs: 60_000, max: 10 }

const schemas = {
  hydrationMismatch: {
    tags: ['运维'],
    summary:
      '浏览器上报：服务器渲染的页面与浏览器渲染不一致（React #418 等）。记入日志（警告级，页面地址中的个人信息已遮盖），供运维查找来源；每个地址每分钟最多记 10 条，其余照常应答但不记',
    querystring: query({}),
    body: shape(
      {
        page: str(HYDRATION_REPORT_MAX.page, { description: '页面地址（路径与查询）' }),
        message: str(HYDRATION_REPORT_MAX.message, { description: 'React 的错误信息' }),
        componentStack: str(HYDRATION_REPORT_MAX.componentStack, { description: '出错处的组件栈' }),
      },
      ['componentStack'],
    ),
    response: replies(),
  },
} as const

/**
 * Reports from visitors' browsers. A page whose server render and browser render differ is rendered
 * again by React in the browser (the visitor sees it work, a little later) and says so only in that
 * browser's console: with no report, the server never hears of it, and the audit's React #418 on 21
 * visits could not be traced to a page. src/app/start.tsx sends one report per visit.
 */
export async function clientReportRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.post('/client/hydration-mismatch', { schema: schemas.hydrationMismatch }, async (request) => {
    const claim = await app.rateLimits.claim(`client-report:address:${request.ip}`, HYDRATION_REPORT_LIMIT)
    if (claim.allowed) {
      const { page, message, componentStack } = request.body
      request.log.warn(
        {
          page: redactText(page),
          reactError: redactText(message),
          componentStack: componentStack && redactText(componentStack),
        },
        'a server-rendered page differed from its render in the browser',
      )
    }
    return ok()
  })
}
