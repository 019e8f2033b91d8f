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

  it('declares the file or page an operation answers by its content type, not as JSON (issue 33 item 7)', async () => {
    const doc = (await t.server.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>
    }
    const declared = (method: string, path: string) =>
      Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses?.['200']?.content ?? {}).sort()
    const PDF = 'application/pdf'
    const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    const [JSON_, HTML, ZIP, ANY] = [
      'application/json',
      'text/html',
      'application/zip',
      'application/octet-stream',
    ]
    // What each answers at HTTP 200: its file or page, and the envelope of a business error (SPEC §8).
    const FILES: Array<[string, string, string[]]> = [
      ['GET', '/api/others/downloadword/{id}', [PDF, DOCX, JSON_]],
      ['GET', '/api/others/download/{token}/{id}', [PDF, DOCX, JSON_]],
      ['GET', '/api/questionnaire/export', [PDF, JSON_]],
      ['GET', '/api/certificate/{number}/image', ['image/svg+xml', JSON_]],
      ['GET', '/api/certificate/{number}/pdf', [PDF, JSON_]],
      ['GET', '/api/tbCompetitionInfo/getUserCertificate/pdf', [PDF, JSON_]],
      ['GET', '/api/tbCompetitionInfo/receipt/pdf', [PDF, JSON_]],
      ['GET', '/api/judge/file', [ANY, JSON_]],
      ['GET', '/api/manage/competitions/{competitionId}/exports/{exportId}/file', [XLSX, ZIP, JSON_]],
      ['POST', '/api/pay/notify/{provider}', ['text/plain', JSON_]],
      ['GET', '/api/my/resume/pdf', [PDF, JSON_]],
      ['GET', '/api/works/{id}/certificate', [PDF, JSON_]],
      ['GET', '/api/works/{id}/package', [ZIP, JSON_]],
      ['GET', '/api/sandbox/mailbox', [HTML]],
      ['GET', '/api/sandbox/wechat/authorize', [HTML]],
      ['POST', '/api/sandbox/wechat/authorize', [HTML]],
      ['GET', '/api/sandbox/cashier', [HTML]],
      ['POST', '/api/sandbox/cashier', [HTML]],
    ]
    const wrong = FILES.filter(
      ([method, path, types]) => declared(method, path).join() !== [...types].sort().join(),
    )
    expect(
      wrong.map(([method, path, types]) => `${method} ${path}: ${declared(method, path)} (answers ${types})`),
    ).toEqual([])
    // No operation documents a file as JSON: every JSON answer it declares has a shape.
    const shapeless: string[] = []
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const json = operation.responses?.['200']?.content?.['application/json']?.schema as
          | { type?: string }
          | undefined
        if (json && !json.type) shapeless.push(`${method.toUpperCase()} ${path}`)
      }
    expect(shapeless).toEqual([])
    // What the answers really carry is among what is declared (those that need no sign-in or data).
    for (const url of ['/api/sandbox/mailbox', '/api/sandbox/cashier', '/api/sandbox/wechat/authorize']) {
      const res = await t.server.app.inject({ url })
      const type = String(res.headers['content-type']).split(';')[0] as string
      expect(declared('GET', url), `${url} answered ${type}`).toContain(type)
    }
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
