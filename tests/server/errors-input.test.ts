import { describe, expect, it } from 'vitest'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

/** Issue 7 item 5: input that used to crash a handler is a 4xx with a Chinese message in the envelope. */
const t = useTestApp()

const CHINESE = /[\u4e00-\u9fff]/

/** A refusal in the §7 envelope: HTTP below 500, a 4xx body code and a Chinese message. */
function expectRefused(res: { statusCode: number; json: () => { code: number; msg: string } }) {
  expect(res.statusCode).toBeLessThan(500)
  const body = res.json()
  expect(body.code).toBeGreaterThanOrEqual(400)
  expect(body.code).toBeLessThan(500)
  expect(body.msg).toMatch(CHINESE)
  return body
}

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

function multipart(filename: string, content: string, boundary = '----kabu-fuzz') {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${content}`,
  )
}

describe('no 5xx from user input', () => {
  it('refuses a number that coerces to Infinity, which would reach SQL as a page (found by the fuzz test)', async () => {
    const token = await t.api.login(DEMO.designer)
    for (const url of [
      '/api/certification/list?pageNum=1e309',
      '/api/certification/list?pageSize=Infinity',
      '/api/my/orders?pageNum=1e309',
      '/api/my/bills?pageSize=-1e309',
    ]) {
      const res = await t.server.app.inject({ url, headers: { authorization: token } })
      expect(res.statusCode, url).toBe(200)
      expect(res.json(), url).toEqual({ code: 400, msg: '请求参数有误' })
    }
  })

  it('refuses a repeated query parameter', async () => {
    const res = await t.server.app.inject({ url: '/api/common/treeRegionIn?ids=1&ids=2' })
    expect(expectRefused(res)).toEqual({ code: 400, msg: '请求参数有误' })
  })

  it('refuses a 10,000-deep JSON body on every JSON route', async () => {
    for (const payload of [
      deepArray(10_000),
      deepObject(10_000),
      `{"phone":${deepArray(10_000)},"account":${deepArray(10_000)}}`,
    ]) {
      const res = await t.server.app.inject({
        method: 'POST',
        url: '/api/password/sendCode',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(expectRefused(res)).toEqual({ code: 400, msg: '请求内容层级过深' })
    }
  })

  it('refuses a field of the wrong type that the handler would turn into text (found by the fuzz test)', async () => {
    for (const phone of [{ toString: 1 }, { valueOf: 'x', toString: 'y' }, Object.create(null)]) {
      const res = await t.server.app.inject({
        method: 'POST',
        url: '/api/password/sendCode',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ phone }),
      })
      expect(expectRefused(res)).toEqual({ code: 400, msg: '请求参数有误' })
    }
  })

  it('refuses a NUL character anywhere in the input (PostgreSQL cannot store it)', async () => {
    const token = await t.api.login(DEMO.designer)
    const address = {
      userName: '陈\u0000思远',
      phone: '13800000001',
      cityId: '320508',
      address: '青石路 1 号（演示地址）',
    }
    for (const res of [
      await t.server.app.inject({ url: '/api/search?keyword=%00' }),
      await t.server.app.inject({ url: '/api/common/treeRegion?parentId=11%000' }),
      await t.server.app.inject({
        method: 'POST',
        url: '/api/address/insert',
        headers: { authorization: token },
        payload: address,
      }),
    ]) {
      expect(expectRefused(res)).toEqual({ code: 400, msg: '请求内容包含无效字符' })
    }
    expect((await t.api.get('/api/address/list', token)).data).toEqual([])
  })

  it('refuses uploads named after a property every object has', async () => {
    const token = await t.api.login(DEMO.designer)
    for (const name of ['f.constructor', 'f.__proto__', 'f.toString', 'f.hasOwnProperty', 'f.valueOf']) {
      const boundary = '----kabu-proto'
      const res = await t.server.app.inject({
        method: 'POST',
        url: '/api/common/upload',
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([multipart(name, 'hello', boundary), Buffer.from(`\r\n--${boundary}--\r\n`)]),
      })
      expect(expectRefused(res).msg).toMatch(/^不支持的文件类型/)
    }
  })

  it('refuses an upload whose name holds a control character (PostgreSQL cannot store a NUL)', async () => {
    const token = await t.api.login(DEMO.designer)
    const boundary = '----kabu-nul'
    for (const name of ['a\u0000b.txt', '\u0000.png', 'tab\t.png']) {
      const res = await t.server.app.inject({
        method: 'POST',
        url: '/api/common/upload',
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([multipart(name, 'hello', boundary), Buffer.from(`\r\n--${boundary}--\r\n`)]),
      })
      expect(expectRefused(res)).toEqual({ code: 400, msg: '文件名包含无效字符' })
    }
  })

  it('refuses a multipart request without a boundary', async () => {
    const token = await t.api.login(DEMO.designer)
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      headers: { authorization: token, 'content-type': 'multipart/form-data' },
      payload: multipart('a.txt', 'hello'),
    })
    expect(expectRefused(res)).toEqual({ code: 400, msg: '上传内容不完整或格式有误' })
  })

  it('refuses a truncated multipart body instead of hanging', async () => {
    const token = await t.api.login(DEMO.designer)
    const boundary = '----kabu-cut'
    for (const payload of [
      multipart('a.txt', 'hello', boundary),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhi\r\n`,
      ),
    ]) {
      const res = await t.server.app.inject({
        method: 'POST',
        url: '/api/common/upload',
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      })
      expect(expectRefused(res)).toEqual({ code: 400, msg: '上传内容不完整或格式有误' })
    }
  }, 10_000)
})
