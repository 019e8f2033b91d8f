import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Issue 25 item 6: the probes a load balancer uses (README "Production: health and readiness").
 * Readiness with the database unreachable: tests/server/database-outage.test.ts (PostgreSQL); while
 * stopping, readiness answers 503 from the signal on: tests/server/shutdown.test.ts.
 */
const t = useTestApp()

describe('health and readiness', () => {
  it('answers liveness without the database and readiness with its latency, never cached', async () => {
    const live = await t.server.app.inject({ url: '/api/health' })
    expect(live.statusCode).toBe(200)
    expect(live.json()).toMatchObject({ code: 200, data: { status: 'live' } })
    expect(live.json().data.uptimeSeconds).toBeGreaterThanOrEqual(0)
    expect(live.headers['cache-control']).toBe('no-store')
    const ready = await t.server.app.inject({ url: '/api/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ code: 200, data: { status: 'ready' } })
    expect(ready.json().data.databaseMs).toBeGreaterThanOrEqual(0)
    expect(ready.headers['cache-control']).toBe('no-store')
  })
})
