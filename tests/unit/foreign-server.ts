import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for what sits between the browser and our API in production (nginx, a CDN, a WAF): it
 * answers with bare HTTP statuses and HTML or text bodies, never our envelope. It is a foreign system,
 * not our API, so faking it is fair. In production it shares the page's origin; here it has its own
 * port, so it answers CORS as a same-origin server would be allowed to.
 */
const BARE: Record<string, { status: number; type: string; body: string }> = {
  '/forbidden': { status: 403, type: 'text/html', body: '<html><body><h1>403 Forbidden</h1></body></html>' },
  '/unauthorized': {
    status: 401,
    type: 'text/html',
    body: '<html><body>401 Authorization Required</body></html>',
  },
  '/missing': { status: 404, type: 'text/plain', body: 'Not Found' },
  '/too-large': {
    status: 413,
    type: 'text/html',
    body: '<html><body><h1>413 Request Entity Too Large</h1></body></html>',
  },
  '/rate-limited': {
    status: 429,
    type: 'text/html',
    body: '<html><body>429 Too Many Requests</body></html>',
  },
  '/crashed': { status: 500, type: 'text/html', body: '<html><body>Internal Server Error</body></html>' },
  '/bad-gateway': {
    status: 502,
    type: 'text/html',
    body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
  },
  '/unavailable': { status: 503, type: 'text/plain', body: 'Service Unavailable' },
  '/gateway-timeout': {
    status: 504,
    type: 'text/html',
    body: '<html><body>504 Gateway Time-out</body></html>',
  },
}

export interface ForeignServer {
  url: string
  close(): Promise<void>
}

/** Starts the stand-in on a free port; `/slow` never answers (for the client's timeout). */
export async function startForeignServer(): Promise<ForeignServer> {
  const held: http.ServerResponse[] = []
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', '*')
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    if (path === '/slow') {
      held.push(res)
      return
    }
    const bare = BARE[path] ?? { status: 404, type: 'text/plain', body: 'Not Found' }
    res.writeHead(bare.status, { 'content-type': `${bare.type}; charset=utf-8` }).end(bare.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A port nobody listens on: connecting fails at once, as when the network is down. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}
