import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../support/temp-dir.ts'
import { createTestApp } from '../support/test-app.ts'

let server: Awaited<ReturnType<typeof createTestApp>>
let staticDir: string
beforeAll(async () => {
  staticDir = tempDir('spa')
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>spa shell</title>')
  fs.mkdirSync(path.join(staticDir, 'assets'))
  fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)')
  // A build writes compressed twins beside each asset (scripts/compress-assets.ts).
  fs.writeFileSync(
    path.join(staticDir, 'assets', 'app-abc123.js.br'),
    zlib.brotliCompressSync('console.log(1)'),
  )
  server = await createTestApp({ staticDir })
  // A route that fails unexpectedly, to show what leaks (nothing).
  server.app.get('/api/test/explode', async () => {
    throw new Error('secret internal detail at /srv/db.ts:42')
  })
})
afterAll(() => server.close())

describe('history fallback', () => {
  it('answers any non-/api path with index.html', async () => {
    for (const url of ['/', '/index', '/designer/detail?id=3', '/some/deep/link']) {
      const res = await server.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('spa shell')
    }
  })

  it('serves hashed assets with a long cache and a missing asset as 404', async () => {
    const asset = await server.app.inject({ url: '/assets/app-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect((await server.app.inject({ url: '/assets/gone-000.js' })).statusCode).toBe(404)
  })

  it('answers an unknown /api path with a JSON envelope', async () => {
    const res = await server.app.inject({ url: '/api/no/such/thing' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 404, msg: '接口不存在' })
  })
})

describe('compression', () => {
  it('serves the pre-compressed twin of an asset to a browser that accepts brotli', async () => {
    const res = await server.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)')
  })

  it('gzips large API responses', async () => {
    const res = await server.app.inject({
      url: '/api/common/treeRegionByType?type=all',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.headers['content-encoding']).toBe('gzip')
    const body = JSON.parse(zlib.gunzipSync(res.rawPayload).toString())
    expect(body.data).toHaveLength(31)
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3)
  })
})

describe('security baseline', () => {
  it('sends security headers and a CSP without unsafe-eval', async () => {
    const res = await server.app.inject({ url: '/' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('refuses an oversized body with 413 and an envelope', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ code: 413, msg: '请求内容过大' })
  })

  it('hides the internals of a server error', async () => {
    const res = await server.app.inject({ url: '/api/test/explode' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ code: 500, msg: '服务器内部错误，请稍后再试' })
    expect(res.body).not.toContain('secret')
  })

  it('answers malformed JSON with an envelope, not a stack trace', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    })
    expect(res.json()).toMatchObject({ code: 400 })
    expect(res.body).not.toMatch(/at .*\.ts/)
  })
})

describe('staging base path', () => {
  it('serves the SPA under the prefix while the API stays at /api', async () => {
    const staged = await createTestApp({ staticDir, basePath: '/test/' })
    try {
      expect((await staged.app.inject({ url: '/test/assets/app-abc123.js' })).statusCode).toBe(200)
      expect((await staged.app.inject({ url: '/test/designer/index' })).body).toContain('spa shell')
      expect((await staged.app.inject({ url: '/api/tbMenuInfo/queryAll' })).json().code).toBe(200)
    } finally {
      await staged.close()
    }
  })
})
