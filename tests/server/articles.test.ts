import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NEWS } from '../../server/db/seed/articles/news.ts'
import { QUOTATIONS } from '../../server/db/seed/articles/quotations.ts'
import { VIDEOS } from '../../server/db/seed/articles/videos.ts'
import {
  DOWNLOAD_LINK_TTL_MS,
  LINK_EXPIRED,
  LINK_INVALID,
} from '../../server/services/articles/download-links.ts'
import { searchKind } from '../../server/services/search-index.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()

describe('quotations (SPEC §7 GET /sysDesignQuotation, §9 page size 10 from page 1)', () => {
  it('answers 10 rows of page 1 by default with the total, and the next page continues without overlap', async () => {
    const first = await t.api.get('/api/sysDesignQuotation')
    expect(first.code).toBe(200)
    expect(first.total).toBe(QUOTATIONS.length)
    expect(first.rows).toHaveLength(10)
    const second = await t.api.get('/api/sysDesignQuotation?pageNum=2&pageSize=10')
    expect(second.rows).toHaveLength(10)
    const ids = new Set([...first.rows, ...second.rows].map((r: { id: number }) => r.id))
    expect(ids.size).toBe(20)
    const last = await t.api.get(`/api/sysDesignQuotation?pageNum=${Math.ceil(QUOTATIONS.length / 10)}`)
    expect(last.rows).toHaveLength(QUOTATIONS.length % 10 || 10)
    const beyond = await t.api.get('/api/sysDesignQuotation?pageNum=99')
    expect(beyond).toMatchObject({ code: 200, rows: [], total: QUOTATIONS.length })
  })

  it('filters by type: only that type, its own total, and an empty type means all', async () => {
    const prototypes = QUOTATIONS.filter((q) => q.type === '7')
    const page = await t.api.get('/api/sysDesignQuotation?type=7&pageNum=1&pageSize=10')
    expect(page.total).toBe(prototypes.length)
    expect(
      page.rows.every(
        (r: { type: string; typeLabel: string }) => r.type === '7' && r.typeLabel === '手板模型制作',
      ),
    ).toBe(true)
    expect((await t.api.get('/api/sysDesignQuotation?type=')).total).toBe(QUOTATIONS.length)
    expect((await t.api.get('/api/sysDesignQuotation?type=999')).total).toBe(0)
    expect(await t.api.get('/api/sysDesignQuotation?pageNum=0')).toEqual({ code: 400, msg: '请求参数有误' })
    expect(await t.api.get('/api/sysDesignQuotation?pageSize=51')).toEqual({ code: 400, msg: '请求参数有误' })
  })

  it('details a quotation with its price range in fen and deliverables, and a missing one in Chinese', async () => {
    const [row] = (await t.api.get('/api/sysDesignQuotation?type=1')).rows
    const info = await t.api.get(`/api/sysDesignQuotation/getInfo?id=${row.id}`)
    expect(info.data).toEqual(row)
    expect(info.data.priceMinFen).toBeLessThan(info.data.priceMaxFen)
    expect(info.data.scope.length).toBeGreaterThan(0)
    expect(info.data.provider).toMatch(/（示例）$/)
    expect(await t.api.get('/api/sysDesignQuotation/getInfo?id=99999')).toEqual({
      code: 404,
      msg: '报价信息不存在或已下线',
    })
  })
})

describe('news and history videos', () => {
  it('lists news newest first, filters by design_info_type and details an article with structured body', async () => {
    const all = await t.api.get('/api/news/list?pageSize=50')
    expect(all.total).toBe(NEWS.length)
    const dates = all.rows.map((r: { publishedAt: string }) => r.publishedAt)
    expect(dates).toEqual([...dates].sort().reverse())
    const notices = await t.api.get('/api/news/list?type=7')
    expect(notices.total).toBe(NEWS.filter((n) => n.type === '7').length)
    expect(notices.rows[0].typeLabel).toBe('通知公告')
    const { id, views } = notices.rows[0]
    const detail = (await t.api.get(`/api/news/getInfo?id=${id}`)).data
    expect(detail.views).toBe(views + 1)
    expect(detail.body.length).toBeGreaterThan(1)
    expect(detail.body.every((b: { kind: string }) => b.kind === 'heading' || b.kind === 'paragraph')).toBe(
      true,
    )
    expect(await t.api.get('/api/news/getInfo?id=99999')).toEqual({ code: 404, msg: '资讯不存在或已下线' })
    expect(await t.api.get('/api/news/getInfo?id=abc')).toEqual({ code: 400, msg: '请求参数有误' })
  })

  it('lists videos whose files exist in public/, details one, and names the promotional film', async () => {
    const list = await t.api.get('/api/historyVideo/list')
    expect(list.total).toBe(VIDEOS.length)
    for (const v of list.rows) expect(fs.existsSync(path.join('public', v.videoUrl))).toBe(true)
    const info = await t.api.get(`/api/historyVideo/getInfo?id=${list.rows[0].id}`)
    expect(info.data.title).toBe(list.rows[0].title)
    expect((await t.api.get('/api/historyVideo/showcase')).data.title).toContain('宣传片')
    expect(await t.api.get('/api/historyVideo/getInfo?id=99999')).toEqual({
      code: 404,
      msg: '视频不存在或已下线',
    })
  })

  it('puts news, quotations and videos in the site-wide index with their page links', async () => {
    const docs = await t.server.app.db.kysely
      .selectFrom('search_docs')
      .select(['kind', 'url', 'title'])
      .execute()
    expect(docs.filter((d) => d.kind === '报价')).toHaveLength(QUOTATIONS.length)
    expect(docs.filter((d) => d.kind === '资讯' && d.url.startsWith('/news/detail?id='))).toHaveLength(
      NEWS.length,
    )
    expect(docs.filter((d) => d.url.startsWith('/historyVideo/detail?id='))).toHaveLength(VIDEOS.length)
    expect(docs.some((d) => d.url.startsWith('/quotation/detail/'))).toBe(true)
    // Found by part of a Chinese phrase from the body, not only the title.
    const found = await searchKind(t.server.app.db, '硅胶复模', '报价', 10)
    expect(found.rows.map((r) => r.title)).toEqual(['硅胶复模小批量'])
    const news = await searchKind(t.server.app.db, '可维修', '资讯', 10)
    expect(news.rows.map((r) => r.title)).toContain('为维修而设计：让产品“可以被打开”是一种尊重')
  })
})

describe('documents: public download, members-only, signed links', () => {
  const documents = async () =>
    t.server.app.db.kysely.selectFrom('documents').selectAll().orderBy('id').execute()

  it('downloads a public document under its original name', async () => {
    const doc = (await documents()).find((d) => !d.members_only)!
    const res = await t.server.app.inject({ url: `/api/others/downloadword/${doc.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${doc.file}"; filename*=UTF-8''${encodeURIComponent(doc.file_name)}`,
    )
    expect(res.rawPayload.length).toBe(doc.size)
    expect((await t.api.get(`/api/others/document/${doc.id}`)).data.fileName).toBe(doc.file_name)
    expect(await t.api.get('/api/others/document/99999')).toEqual({ code: 404, msg: '文档不存在或已下线' })
    expect(await t.api.get('/api/others/downloadword/1x')).toEqual({ code: 404, msg: '文档不存在或已下线' })
  })

  it('keeps a members-only document to signed-in users; a signed link opens it without signing in', async () => {
    const doc = (await documents()).find((d) => d.members_only)!
    expect(await t.api.get(`/api/others/downloadword/${doc.id}`)).toEqual({
      code: 403,
      msg: '该文档仅向登录会员提供，请登录后下载',
    })
    const token = await t.api.login(DEMO.designer)
    const own = await t.server.app.inject({
      url: `/api/others/downloadword/${doc.id}`,
      headers: { authorization: token },
    })
    expect(own.rawPayload.length).toBe(doc.size)
    expect((await t.api.post(`/api/others/downloadLink/${doc.id}`, {})).code).toBe(403)
    const link = (await t.api.post(`/api/others/downloadLink/${doc.id}`, {}, token)).data
    expect(link.path).toMatch(new RegExp(`^/others/download/[0-9a-z]+\\.[\\w-]{43}/${doc.id}$`))
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(DOWNLOAD_LINK_TTL_MS - 60_000)
    const signed = await t.server.app.inject({ url: `/api${link.path}` })
    expect(signed.statusCode).toBe(200)
    expect(signed.headers['content-disposition']).toContain(encodeURIComponent(doc.file_name))
    expect(signed.rawPayload.length).toBe(doc.size)
    expect(
      (await t.api.get(`/api/others/signedDocument/${link.path.split('/')[3]}/${doc.id}`)).data.title,
    ).toBe(doc.title)
  })

  it('refuses a tampered or expired link with a clear message', async () => {
    const [first, second] = await documents()
    const { token } = t.server.app.downloadLinks.issue(first!.id)
    const [expiry, signature] = token.split('.') as [string, string]
    const flipped = `${expiry}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    const refusals = [
      `/api/others/download/${flipped}/${first!.id}`,
      `/api/others/download/${token}/${second!.id}`,
      `/api/others/download/${(Number.parseInt(expiry, 36) + 1000).toString(36)}.${signature}/${first!.id}`,
      `/api/others/download/garbage/${first!.id}`,
    ]
    for (const url of refusals) expect(await t.api.get(url)).toEqual({ code: 400, msg: LINK_INVALID })
    const stale = t.server.app.downloadLinks.issue(first!.id, Date.now() - DOWNLOAD_LINK_TTL_MS - 1000)
    expect(await t.api.get(`/api/others/download/${stale.token}/${first!.id}`)).toEqual({
      code: 400,
      msg: LINK_EXPIRED,
    })
    expect(await t.api.get(`/api/others/signedDocument/${stale.token}/${first!.id}`)).toEqual({
      code: 400,
      msg: LINK_EXPIRED,
    })
  })
})

describe('questionnaire export and site verification', () => {
  it('adds up the answers and exports them as an A4 PDF whose Chinese pdftotext reads', async () => {
    const summary = (await t.api.get('/api/questionnaire/summary')).data
    expect(summary.respondents).toBe(168)
    for (const q of summary.questions)
      expect(q.options.reduce((n: number, o: { count: number }) => n + o.count, 0)).toBe(168)
    const res = await t.server.app.inject({ url: '/api/questionnaire/export' })
    expect(res.headers['content-type']).toBe('application/pdf')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-'))
    const file = path.join(dir, 'survey.pdf')
    fs.writeFileSync(file, res.rawPayload)
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(
      /Page size:\s+595\.28 x 841\.89 pts \(A4\)/,
    )
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
    expect(text).toContain('设计师职业发展问卷')
    expect(text).toContain('最希望协会提供的服务')
    expect(text).toContain(`有效问卷 168 份`)
    fs.rmSync(dir, { recursive: true })
  })

  it('says when no Baidu verification code is configured', async () => {
    expect((await t.api.get('/api/site/verify-bd')).data).toEqual({ configured: false, content: '' })
  })
})
