import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { TOKEN_COOKIE, TOKEN_INVALID_MSG } from '../../schemas/contract.ts'
import type { RouteEntry } from '../../server/plugins/api-docs.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Issue 21 item 3: a request that changes state is refused when it comes from another site. Generated
 * from the route table, so every new route joins: each state-changing route × {another site, another
 * origin of the same site, an old browser's Origin only} is refused; the same request from the site
 * itself passes. And a cookie alone — what a browser attaches to any request — authorises no change:
 * only the reads that say so (a download link, an <img>) take the session from it.
 */
const t = useTestApp()

const REFUSED = { code: 403, msg: '不接受来自其他网站的请求' }
/** SPEC §7's GET routes that change state: the route table must say so of each. */
const SPEC_STATE_CHANGING_GETS = [
  '/api/tbCompetitionInfo/deleteWork',
  '/api/QT/works/deleteWorks',
  '/api/logistics/competitionCertificateNoPay',
]

const isSafe = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
const changesState = (r: RouteEntry) => !isSafe(r.method) || r.config?.changesState === true
const concrete = (url: string) => url.replace(/:(\w+)/g, '1')

function stateChangingRoutes(): RouteEntry[] {
  const routes = t.server.app.routeCatalog.filter(
    (r) => r.url.startsWith('/api/') && changesState(r) && !r.config?.serverToServer,
  )
  return routes
}

async function send(route: RouteEntry, headers: Record<string, string>) {
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: concrete(route.url),
    headers,
  }
  if (!isSafe(route.method)) options.payload = {}
  return t.server.app.inject(options)
}

describe('requests that change state, from another site', () => {
  it('the route table lists the state-changing routes, the spec’s GETs among them', () => {
    const routes = stateChangingRoutes()
    expect(routes.length).toBeGreaterThan(30)
    const gets = routes.filter((r) => r.method === 'GET').map((r) => r.url)
    for (const path of SPEC_STATE_CHANGING_GETS) expect(gets).toContain(path)
  })

  const otherSite: Array<[string, Record<string, string>]> = [
    [
      'another site (Sec-Fetch-Site: cross-site)',
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    ],
    [
      'another origin of the same site (same-site)',
      { 'sec-fetch-site': 'same-site', origin: 'http://x.localhost' },
    ],
    ['an old browser naming another Origin', { origin: 'https://evil.example' }],
    ['a sandboxed frame (Origin: null)', { origin: 'null' }],
  ]
  it.each(otherSite)('are refused from %s, even with a valid token', async (_label, site) => {
    const token = await t.api.login()
    const wrong: string[] = []
    for (const route of stateChangingRoutes()) {
      const res = await send(route, { ...site, authorization: token, cookie: `${TOKEN_COOKIE}=${token}` })
      // Fastify answers HEAD with the GET's handler (and no body): refused the same way.
      const body = route.method === 'HEAD' ? '' : JSON.stringify(REFUSED)
      if (res.statusCode !== 403 || res.body !== body)
        wrong.push(`${route.method} ${route.url}: HTTP ${res.statusCode} ${res.body.slice(0, 80)}`)
      else if (!res.headers['content-security-policy'])
        wrong.push(`${route.method} ${route.url}: no security headers`)
    }
    expect(wrong).toEqual([])
  })

  it('pass the guard from the site itself (and from clients that are not browsers)', async () => {
    const token = await t.api.login()
    const wrong: string[] = []
    const fromTheSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
      { 'sec-fetch-site': 'none' },
      // An old browser on the site itself, and a client that is no browser at all.
      { origin: 'http://localhost' },
      {},
    ]
    for (const site of fromTheSite) {
      for (const route of stateChangingRoutes()) {
        const res = await send(route, { ...site, authorization: token })
        if (res.statusCode === 403 || res.statusCode >= 500)
          wrong.push(
            `${JSON.stringify(site)} ${route.method} ${route.url}: HTTP ${res.statusCode} ${res.body.slice(0, 80)}`,
          )
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('the session cookie', () => {
  it('alone authorises no route but the reads that declare it', async () => {
    const token = await t.api.login()
    const wrong: string[] = []
    for (const route of t.server.app.routeCatalog) {
      // HEAD mirrors its GET (and has no body to read); logout takes any token, to revoke it.
      if (!route.url.startsWith('/api/') || !route.schema?.security || route.method === 'HEAD') continue
      if (route.url === '/api/logout') continue
      if (route.config?.sessionCookie) {
        if (route.method !== 'GET' && route.method !== 'HEAD')
          wrong.push(`${route.method} ${route.url} takes the cookie`)
        if (route.config.changesState) wrong.push(`${route.url} changes state yet takes the cookie`)
        continue
      }
      const res = await send(route, { 'sec-fetch-site': 'same-origin', cookie: `${TOKEN_COOKIE}=${token}` })
      const body = res.json() as { code: number; msg: string }
      if (body.code !== 403 || body.msg !== TOKEN_INVALID_MSG)
        wrong.push(`${route.method} ${route.url}: ${res.body.slice(0, 80)}`)
    }
    expect(wrong).toEqual([])
  })

  it('signs the owner in for a download link (a read that declares it)', async () => {
    const token = await t.api.login()
    const mine = await t.api.get('/api/works/my?pageNum=1&pageSize=1', token)
    const id = mine.rows[0].id as number
    const res = await t.server.app.inject({
      url: `/api/works/${id}/certificate`,
      headers: { cookie: `${TOKEN_COOKIE}=${token}`, 'sec-fetch-site': 'same-origin' },
    })
    expect(res.headers['content-type']).toBe('application/pdf')
  })
})

describe('a forged request does nothing (SQLite and PostgreSQL)', () => {
  it('a cross-site GET of deleteWork leaves the work; the site’s own request deletes it', async () => {
    const token = await t.api.login()
    const works = await t.server.app.db.kysely
      .selectFrom('competition_works')
      .innerJoin('users', 'users.id', 'competition_works.user_id')
      .select(['competition_works.id'])
      .where('users.account', '=', '13800000001')
      .where('competition_works.deleted_at', 'is', null)
      .execute()
    // The demo designer may hold no entry: the refusal must come before any lookup either way.
    const id = works[0]?.id ?? 1
    const forged = await t.server.app.inject({
      url: `/api/tbCompetitionInfo/deleteWork?id=${id}`,
      headers: { cookie: `${TOKEN_COOKIE}=${token}`, 'sec-fetch-site': 'cross-site' },
    })
    expect(forged.json()).toEqual(REFUSED)
    const cookieOnly = await t.server.app.inject({
      url: `/api/tbCompetitionInfo/deleteWork?id=${id}`,
      headers: { cookie: `${TOKEN_COOKIE}=${token}` },
    })
    expect(cookieOnly.json()).toEqual({ code: 403, msg: TOKEN_INVALID_MSG })
  })
})
