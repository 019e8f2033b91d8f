import net from 'node:net'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** The first step of a graceful stop (README "Operations"): see registerShutdownGuard. */
    shutdown: Shutdown
  }
}

export interface Shutdown {
  /** True from the signal on: readiness answers 503 (routes/health.ts). */
  readonly stopping: boolean
  /**
   * Stops accepting connections and resolves once every open connection has closed: the requests in
   * flight are answered, and so is a request that arrives on a connection already open, each with
   * `Connection: close`. Only then may the job queue, the pool and the database stop (`app.close()`).
   */
  drain(): Promise<void>
}

/** How often, while draining, connections that have become idle are closed. */
const IDLE_SWEEP_MS = 100
/**
 * How long a keep-alive connection idle at the signal stays open. A proxy may already be sending a
 * request on it; closed under it, that request fails, and a proxy resends only a GET (nginx never
 * resends a POST it has sent). Meanwhile the proxy learns from refused connections that the instance
 * is going and stops picking its connections, and each answer given closes its own connection.
 */
export const IDLE_GRACE_MS = 1_000

/**
 * A graceful stop, step one (README "Operations: stopping"). At the signal the instance stops listening
 * — a new connection is refused at once, which a proxy retries on another instance whatever the
 * method, as nothing was sent — and `/api/ready` answers 503. What arrives on a connection already
 * open is answered as usual but with `Connection: close`: refusing it would drop a POST the proxy
 * cannot resend, and each connection carries at most that one more request. Idle keep-alive
 * connections are closed after IDLE_GRACE_MS, and any that falls idle later at once.
 *
 * `app.close()` without drain() (the tests' servers) stops listening only after its preClose hooks,
 * and waits for the connections itself.
 */
export function registerShutdownGuard(app: FastifyInstance): void {
  let stopping = false
  let drained: Promise<void> | undefined
  const server = app.server

  const begin = (): Promise<void> => {
    stopping = true
    drained ??= new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      // net.Server's close, not http.Server's: the latter also closes every idle keep-alive connection
      // at once, under a request a proxy may be sending on it. Its callback runs once the last
      // connection has closed.
      net.Server.prototype.close.call(server, () => resolve())
      const grace = setTimeout(() => {
        server.closeIdleConnections()
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
        sweep.unref()
        server.once('close', () => clearInterval(sweep))
      }, IDLE_GRACE_MS)
      grace.unref()
      server.once('close', () => clearTimeout(grace))
    })
    return drained
  }

  app.decorate('shutdown', {
    get stopping() {
      return stopping
    },
    drain: begin,
  } satisfies Shutdown)
  // Without drain() first, Fastify's close stops listening after the preClose hooks and waits for the
  // connections itself; idle ones are closed as they fall idle.
  app.addHook('preClose', (done) => {
    if (!drained && server.listening) {
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
      sweep.unref()
      server.once('close', () => clearInterval(sweep))
    }
    stopping = true
    done()
  })
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (stopping) reply.header('connection', 'close')
    done()
  })
}
