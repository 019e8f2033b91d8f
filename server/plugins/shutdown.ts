import type { FastifyInstance } from 'fastify'
import { ServiceUnavailable } from './errors.ts'

/** How often, while closing, connections that have just become idle are closed. */
const IDLE_SWEEP_MS = 100

/**
 * A graceful stop (README "Operations"): once `app.close()` begins, a request that still arrives on an
 * open connection is answered with the 503 envelope (Fastify's own answer is not the envelope and
 * carries no security headers; `return503OnClosing: false` hands it to this hook), and every
 * keep-alive connection is closed as soon as it is idle. Node closes the idle ones once when the
 * server stops listening, but a connection whose request was in flight then stays open after its
 * answer until the keep-alive timeout (72 s), holding the process. Requests in flight finish.
 * Registered after the security headers' hook, so the 503 carries them.
 */
export function registerShutdownGuard(app: FastifyInstance): void {
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    if (app.server.listening) {
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS)
      sweep.unref()
      app.server.once('close', () => clearInterval(sweep))
    }
    done()
  })
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done()
    reply.header('connection', 'close')
    done(new ServiceUnavailable())
  })
}
