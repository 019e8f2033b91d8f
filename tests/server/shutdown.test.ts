import { afterEach, describe, expect, it } from 'vitest'
import { startChildServer } from '../support/child-server.ts'
import { rawConnection, requestBytes } from '../support/raw-http.ts'
import { multipartFile } from '../support/uploads.ts'

/**
 * Issue 21 item 8 and issue 33 item 2: on SIGTERM the real server (a child process) stops accepting at
 * once, answers /api/ready 503, finishes the requests in flight, answers a request that arrives on an
 * open connection with `Connection: close` (a proxy cannot resend a POST it has sent), closes idle
 * keep-alive connections, and exits within SHUTDOWN_TIMEOUT_MS — also when a client never finishes.
 */
let stop: (() => Promise<void>) | undefined
afterEach(async () => {
  await stop?.()
  stop = undefined
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) return false
    await sleep(20)
  }
  return true
}

/** Whether a new connection is refused (the server no longer listens) or, if taken, answered 503. */
async function newConnectionOutcome(port: number): Promise<string> {
  const connection = await rawConnection(port).catch((error: NodeJS.ErrnoException) => error.code ?? 'error')
  if (typeof connection === 'string') return connection
  try {
    await connection.write(requestBytes('GET', '/api/tbMenuInfo/queryAll'))
    return String((await connection.nextResponse(3000)).status)
  } catch {
    return 'closed'
  } finally {
    connection.close()
  }
}

/** An upload to the public verify route, all of it but its last kilobyte sent: a request in flight. */
async function uploadInFlight(port: number) {
  const { payload, headers } = multipartFile('in-flight.bin', Buffer.alloc(256 * 1024, 3))
  const bytes = requestBytes('POST', '/api/works/verify', headers, payload)
  const connection = await rawConnection(port)
  await connection.write(bytes.subarray(0, bytes.length - 1024))
  return { connection, rest: bytes.subarray(bytes.length - 1024) }
}

describe('shutting down on SIGTERM', () => {
  it('refuses new connections and answers not ready at once, finishes the request in flight and a late one on an open connection, closes idle connections and exits in time', async () => {
    const server = await startChildServer({ SHUTDOWN_TIMEOUT_MS: '5000' })
    stop = server.cleanup
    const idle = await rawConnection(server.port)
    await idle.write(requestBytes('GET', '/api/tbMenuInfo/queryAll'))
    expect((await idle.nextResponse()).status).toBe(200)
    const probe = await rawConnection(server.port)
    const inFlight = await uploadInFlight(server.port)
    // A request whose headers are still arriving when the signal comes: it is read during shutdown.
    const late = await rawConnection(server.port)
    const lateBytes = requestBytes('GET', '/api/tbMenuInfo/queryAll')
    await late.write(lateBytes.subarray(0, 10))
    await sleep(300)

    const signalled = Date.now()
    server.child.kill('SIGTERM')

    // At once: a new connection is refused, and a readiness probe on an open one answers 503.
    expect(
      await waitFor(async () => (await newConnectionOutcome(server.port)) === 'ECONNREFUSED', 1000),
    ).toBe(true)
    await probe.write(requestBytes('GET', '/api/ready'))
    const ready = await probe.nextResponse()
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toEqual({ code: 503, msg: '服务暂时不可用，请稍后重试' })
    expect(ready.headers.connection).toBe('close')
    expect(ready.headers['content-security-policy']).toContain("default-src 'self'")

    await late.write(lateBytes.subarray(10))
    const lateAnswer = await late.nextResponse()
    expect(lateAnswer.status).toBe(200)
    expect(JSON.parse(lateAnswer.body)).toMatchObject({ code: 200 })
    expect(lateAnswer.headers.connection).toBe('close')

    expect(await waitFor(() => idle.closed, 3000), 'the idle keep-alive connection is closed').toBe(true)

    await inFlight.connection.write(inFlight.rest)
    const finished = await inFlight.connection.nextResponse()
    expect(finished.status).toBe(200)
    expect(JSON.parse(finished.body)).toMatchObject({ code: 200, data: { matched: false } })
    expect(finished.headers.connection).toBe('close')

    const exit = await server.exited
    expect(exit.code, server.stderr()).toBe(0)
    expect(exit.at - signalled).toBeLessThan(5000)
  }, 90_000)

  it('exits by SHUTDOWN_TIMEOUT_MS when a request in flight never finishes', async () => {
    const server = await startChildServer({ SHUTDOWN_TIMEOUT_MS: '1500' })
    stop = server.cleanup
    const stalled = await uploadInFlight(server.port)
    await sleep(300)
    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const exit = await server.exited
    expect(exit.at - signalled).toBeGreaterThanOrEqual(1400)
    expect(exit.at - signalled).toBeLessThan(1500 + 1500)
    // Not a clean stop: the exit code says so to whatever supervises the process.
    expect(exit.code).toBe(1)
    stalled.connection.close()
  }, 90_000)
})
