import type { FastifyInstance } from 'fastify'
import { healthSchema, readySchema } from '../../schemas/api/site.ts'
import { ok } from '../lib/envelope.ts'
import { query, replies } from '../lib/route-schema.ts'
import { ServiceUnavailable } from '../plugins/errors.ts'
import { databaseLatencyMs } from '../services/health.ts'

const schemas = {
  health: {
    tags: ['运维'],
    summary: '存活检查（负载均衡器用：进程在应答）',
    querystring: query({}),
    response: replies(healthSchema),
  },
  ready: {
    tags: ['运维'],
    summary: '就绪检查（负载均衡器用：数据库可用时 200，否则或停止中 503）',
    querystring: query({}),
    response: replies(readySchema),
  },
} as const

/**
 * A load balancer's probes (README "Production: health and readiness"). Liveness says only that the
 * process answers: restarting an instance because its database is down would not help. Readiness
 * says whether to send it traffic: its database answered within 2 s, and it is not stopping — from
 * the signal on it answers 503 (plugins/shutdown.ts), so a balancer that probes it sends no more.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: schemas.health }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return ok({ status: 'live', uptimeSeconds: Math.floor(process.uptime()) })
  })

  app.get('/ready', { schema: schemas.ready }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    if (app.shutdown.stopping) throw new ServiceUnavailable()
    const databaseMs = await databaseLatencyMs(app.db)
    if (databaseMs === null) throw new ServiceUnavailable()
    return ok({ status: 'ready', databaseMs })
  })
}
