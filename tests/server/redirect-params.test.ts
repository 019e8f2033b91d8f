import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { RouteEntry } from '../../server/plugins/api-docs.ts'
import { redirectVariants } from '../support/redirect-variants.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Issue 21 item 1, from the route table: every route that takes a place to go — a query or body field
 * named like one — is sent every generated redirect variant. None may answer 5xx, and a redirect it
 * answers must stay on this site as the browser resolves it. A new route with such a field joins
 * without a list to update. (The browser's side is tests/e2e/redirect-targets.test.ts.)
 */
const t = useTestApp()

const TARGET_FIELDS = ['url', 'return_url', 'returnUrl', 'redirect', 'redirect_uri', 'next', 'target']
const SITE = 'http://localhost'

type Schema = { properties?: Record<string, unknown> }
const fieldsOf = (schema: unknown) => Object.keys((schema as Schema | undefined)?.properties ?? {})

function targetRoutes(): Array<{ route: RouteEntry; field: string; where: 'query' | 'body' }> {
  const found: Array<{ route: RouteEntry; field: string; where: 'query' | 'body' }> = []
  for (const route of t.server.app.routeCatalog) {
    if (route.method === 'HEAD') continue
    for (const field of fieldsOf(route.schema?.querystring))
      if (TARGET_FIELDS.includes(field)) found.push({ route, field, where: 'query' })
    for (const field of fieldsOf(route.schema?.body))
      if (TARGET_FIELDS.includes(field)) found.push({ route, field, where: 'body' })
  }
  return found
}

describe('routes that take a place to go', () => {
  it('are found in the route table (/redirect and the hand-off link among them)', () => {
    const urls = targetRoutes().map(({ route }) => `${route.method} ${route.url}`)
    expect(urls).toContain('GET /redirect')
    expect(urls).toContain('POST /api/my/handoff')
  })

  it('answer every variant without a 5xx, and redirect only within the site', async () => {
    const token = await t.api.login()
    const problems: string[] = []
    const variants = redirectVariants('evil.example')
    for (const { route, field, where } of targetRoutes()) {
      for (const { value } of variants) {
        const url = route.url.replace(/:(\w+)/g, '1')
        const request: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url: where === 'query' ? `${url}?${new URLSearchParams({ [field]: value })}` : url,
          headers: { authorization: token, 'sec-fetch-site': 'same-origin' },
          ...(where === 'body' ? { payload: { [field]: value } } : {}),
        }
        const res = await t.server.app.inject(request)
        const label = `${route.method} ${route.url} ${field}=${JSON.stringify(value)}`
        if (res.statusCode >= 500) problems.push(`${label}: HTTP ${res.statusCode}`)
        const location = res.headers.location
        if (location && new URL(String(location), `${SITE}${url}`).origin !== SITE)
          problems.push(`${label}: redirects to ${location}`)
        const link =
          res.statusCode === 200 && res.headers['content-type']?.includes('json')
            ? res.json().data?.link
            : undefined
        if (typeof link === 'string') {
          const to = new URL(link).searchParams.get('url') ?? '/'
          if (new URL(to, `${SITE}/redirect`).origin !== SITE) problems.push(`${label}: a link to ${to}`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})
