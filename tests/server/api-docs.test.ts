import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/use-test-app.ts'

/** Issue 7 item 12: every /api route declares its request and response schemas, served as OpenAPI. */
const t = useTestApp()

type Operation = {
  security?: object[]
  parameters?: Array<{ in: string; name: string }>
  requestBody?: { content: Record<string, { schema: object }> }
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>
}

/** The routes the server registered (not the document's own list): HEAD twins and the docs left out. */
function registeredApiRoutes() {
  return t.server.app.routeCatalog.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  )
}

/** Fastify writes `:name`, OpenAPI `{name}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

describe('/api/docs', () => {
  it('lists every registered /api route with a request and a response schema', async () => {
    const res = await t.server.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> }
    expect(doc.openapi).toMatch(/^3\./)
    const routes = registeredApiRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(20)
    for (const route of routes) {
      const where = `${route.method} ${route.url}`
      const schema = route.schema ?? {}
      expect(
        schema.body || schema.querystring || schema.params,
        `${where} declares no request schema`,
      ).toBeTruthy()
      expect(
        (schema.response as Record<string, unknown> | undefined)?.[200],
        `${where}: no 200 schema`,
      ).toBeTruthy()

      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]
      expect(operation, `${where} is missing from the document`).toBeDefined()
      // @fastify/swagger shows a token parameter as the route's security requirement instead.
      const input =
        (operation?.parameters?.length ?? 0) +
        Object.keys(operation?.requestBody?.content ?? {}).length +
        (operation?.security?.length ?? 0)
      expect(input, `${where}: the document shows no request`).toBeGreaterThan(0)
      const ok = operation?.responses?.['200']?.content ?? {}
      expect(
        Object.values(ok).some((c) => c.schema),
        `${where}: the document shows no response schema`,
      ).toBe(true)
    }
  })

  it('documents a form route with its form’s schema and the envelope with its data', async () => {
    const doc = (await t.server.app.inject({ url: '/api/docs/json' })).json()
    const insert = doc.paths['/api/address/insert'].post
    const body = insert.requestBody.content['application/json'].schema
    expect(body['x-form']).toBe('address')
    expect(body.required).toEqual(['userName', 'phone', 'cityId', 'address'])
    expect(body.properties.phone).toMatchObject({ type: 'string', format: 'phone', title: '手机号码' })
    const reply = insert.responses['200'].content['application/json'].schema
    expect(reply.required).toEqual(['code', 'msg'])
    expect(reply.properties.data.properties.id.type).toBe('integer')
    expect(insert.security).toEqual([{ bearer: [] }, { tokenQuery: [] }, { tokenCookie: [] }])
  })

  it('serves the browsable page as HTML under the site’s CSP', async () => {
    const res = await t.server.app.inject({ url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('swagger-ui')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    const script = await t.server.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toContain('javascript')
  })
})

describe('form routes keep the form’s Chinese messages', () => {
  it.each([
    ['/api/login', { account: 'not-an-account', password: 'x' }, '请输入正确的手机号码或绑定邮箱'],
    ['/api/password/reset', { phone: '123', code: '1', password: 'x' }, '请输入正确的11位手机号'],
    ['/api/password/sendCode', { phone: 12345 }, '请输入正确的11位手机号'],
  ])('%s answers the §5 message, not ajv’s', async (url, payload, msg) => {
    const res = await t.server.app.inject({ method: 'POST', url, payload })
    expect(res.json()).toEqual({ code: 400, msg })
  })

  it('still checks the extra fields a route declares beside its form', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { account: '13800000001', password: 'x', logInSource: 'wechat' },
    })
    expect(res.json()).toEqual({ code: 400, msg: '请求参数有误' })
  })
})
