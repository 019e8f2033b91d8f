import type { FastifyInstance } from 'fastify'
import { healthSchema, readySchema } from '../../schemas/api/site.ts'
import { ok } from '../lib/envelope.ts'
import { query, replies } from '../lib/route-schema.ts'
import { ServiceUnavailable } from '../plugins/errors.ts'
import { databaseLatencyMs, NOT_READY_MSG, objectStoreLatency } from '../services/health.ts'

const schemas = {
  health: {
    tags: ['运维'],
    summary: '存活检查（负载均衡器用：进程在应答）',
    querystring: query({}),
    response: replies(healthSchema),
  },
  ready: {
    tags: ['运维'],
    summary: '就绪检查（负载均衡器用：数据库与对象存储可用时 200，否则或停止中 503，并说明哪一部分无应答）',
    querystring: query({}),
    response: replies(readySchema),
  },
} as const

/**
 * A load balancer's probes (README "Production: health and readiness"). Liveness says only that the
 * process answers: restarting an instance because its database is down would not help. Readiness
 * says whether to send it traffic: it is not stopping — from the signal on it answers 503
 * (plugins/shutdown.ts), so a balancer that probes it sends no more — and its database, and with
 * STORAGE=s3 its object store, answered within 2 s (asked at once); a 503 names the part that did
 * not, and logs it.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: schemas.health }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return ok({ status: 'live', uptimeSeconds: Math.floor(process.uptime()) })
  })

  app.get('/ready', { schema: schemas.ready }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (app.shutdown.stopping) throw new ServiceUnavailable()
    const [databaseMs, objectStore] = await Promise.all([
      databaseLatencyMs(app.db),
      objectStoreLatency(app.storage),
    ])
    if (databaseMs === null) {
      request.log.warn({ probe: 'ready' }, 'database unavailable')
      throw new ServiceUnavailable(NOT_READY_MSG.database)
    }
    if (objectStore && 'failed' in objectStore) {
      request.log.warn({ probe: 'ready', reason: objectStore.failed }, 'object store unavailable')
      throw new ServiceUnavailable(NOT_READY_MSG.objectStore)
    }
    return ok({ status: 'ready', databaseMs, ...(objectStore && { objectStoreMs: objectStore.ms }) })
  })
}
