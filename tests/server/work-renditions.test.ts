import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { WorkCard, WorkDetail } from '../../schemas/api/works.ts'
import { DEMO } from '../support/test-app.ts'
import { uploadFile } from '../support/uploads.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()
const fixtures = path.join(import.meta.dirname, '../fixtures/images')
const read = (name: string) => fs.readFileSync(path.join(fixtures, name))

const upload = async (token: string, name: string, content: Buffer) =>
  (await uploadFile(t.server.app, token, name, content)).json() as {
    code: number
    msg: string
    data: { url: string }
  }

/** Registers a fixture as the demo designer's work; answers its detail as a visitor sees it. */
async function registerFixture(token: string, file: string, name: string) {
  const uploaded = await upload(token, file, read(file))
  expect(uploaded.code).toBe(200)
  const res = await t.api.post(
    '/api/works/register',
    {
      worksFile: { fileUrl: uploaded.data.url, fileOgName: file },
      worksName: name,
      worksType: '2',
      tag: '样张',
      read: true,
    },
    token,
  )
  expect(res.code).toBe(200)
  return (await t.api.get(`/api/works/show/${res.data.id}`)).data as WorkDetail
}

/** A visitor's request, or with `token` its uploader's (an upload no work shows yet is private). */
const get = (url: string, token?: string) =>
  t.server.app.inject({ url, headers: token ? { authorization: token } : {} })

/** A WebP answer's size, after checking that it is one. */
async function webpSize(url: string) {
  const res = await get(url)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('image/webp')
  const meta = await sharp(res.rawPayload).metadata()
  expect(meta.format).toBe('webp')
  return { width: meta.width, height: meta.height, body: res.rawPayload }
}

/** The average colour of the rendition's top-left block, which is dark red in source.png. */
async function topLeftColour(body: Buffer) {
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const sums = [0, 0, 0]
  let n = 0
  for (let y = 2; y < 6; y++)
    for (let x = 6; x < 10; x++) {
      for (let c = 0; c < 3; c++) sums[c]! += data[(y * info.width + x) * 3 + c]!
      n++
    }
  return sums.map((s) => Math.round(s / n))
}

describe('pictures of every §9 image type (tif, eps and bmp works are shown, not only offered)', () => {
  it('accepts tif and eps uploads by their content, and refuses a name that lies', async () => {
    const token = await t.api.login(DEMO.designer)
    expect((await upload(token, '样张.tif', read('lzw.tif'))).code).toBe(200)
    expect((await upload(token, '样张.eps', read('tiff-preview.eps'))).code).toBe(200)
    expect((await upload(token, '样张.eps', read('epsi-preview.eps'))).code).toBe(200)
    expect(await upload(token, '假的.tif', read('source.png'))).toMatchObject({
      code: 400,
      msg: '文件内容与扩展名不符',
    })
    expect(await upload(token, '假的.eps', read('rgb24-v3.bmp'))).toMatchObject({
      code: 400,
      msg: '文件内容与扩展名不符',
    })
  })

  it.each([
    ['lzw.tif', 'TIFF'],
    ['tiff-preview.eps', 'EPS with a TIFF preview'],
    ['rgb24-v3.bmp', 'uncompressed BMP'],
    ['rle8-v3.bmp', 'RLE8 BMP'],
  ])('shows %s (%s) as a picture: card thumbnail and detail preview as WebP', async (file) => {
    const token = await t.api.login(DEMO.designer)
    const detail = await registerFixture(token, file, `样张 ${file}`)
    expect(detail.fileType).toBe(1)
    const primary = detail.filesList.find((f) => f.filePrimary === 1)!
    expect(primary.previewUrl).toBe(`${primary.fileUrl}/thumb?w=1600`)
    expect(primary.thumbUrl).toBe(`${primary.fileUrl}/thumb?w=280`)
    // Never enlarged: the fixtures are small, so both renditions keep their size.
    const preview = await webpSize(primary.previewUrl!)
    const original = await sharp(
      read(file.endsWith('.bmp') && file.startsWith('rle8') ? 'many.png' : 'source.png'),
    ).metadata()
    expect([preview.width, preview.height]).toEqual([original.width, original.height])
    if (!file.startsWith('rle8')) {
      // Dark red (200, 30, 40) survives WebP at quality 80 within a few levels.
      const [r, g, b] = await topLeftColour(preview.body)
      expect(Math.abs(r! - 200) + Math.abs(g! - 30) + Math.abs(b! - 40)).toBeLessThan(40)
    }
    const card = ((await t.api.get('/api/works/list?pageSize=50')).rows as WorkCard[]).find(
      (r) => r.id === detail.id,
    )!
    expect(card.fileUrl).toBe(primary.thumbUrl)
    expect((await webpSize(card.fileUrl)).width).toBe(original.width)
  })

  it('reads an EPSI preview; an eps without any preview is offered for download with the generic cover', async () => {
    const token = await t.api.login(DEMO.designer)
    const epsi = await registerFixture(token, 'epsi-preview.eps', 'EPSI 样张')
    const epsiPrimary = epsi.filesList[0]!
    expect((await webpSize(epsiPrimary.previewUrl!)).width).toBe(68)

    const bare = await registerFixture(token, 'no-preview.eps', '无预览样张')
    const primary = bare.filesList[0]!
    expect(bare.fileType).toBe(1)
    expect(primary.previewUrl).toBeUndefined()
    expect(primary.thumbUrl).toBeUndefined()
    // The original stays downloadable.
    expect((await get(primary.fileUrl)).headers['content-type']).toBe('application/postscript')
    // Its card asks for the thumbnail, which sends the generic cover, again and again.
    const card = ((await t.api.get('/api/works/list?pageSize=50')).rows as WorkCard[]).find(
      (r) => r.id === bare.id,
    )!
    for (let i = 0; i < 2; i++) {
      const res = await get(card.fileUrl)
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe('/works/cover-file.svg')
    }
  })

  it('makes a rendition once however many ask at the same moment', async () => {
    const token = await t.api.login(DEMO.designer)
    // A fresh image (a new hash): a larger picture, so the 280 thumbnail is a real resize.
    const big = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c81e28' } })
      .tiff()
      .toBuffer()
    const uploaded = await upload(token, '大样张.tif', big)
    const url = `${uploaded.data.url}/thumb?w=280`
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url, token)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200))
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1)
    const meta = await sharp(answers[0]!.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([280, 187])
    const thumbs = path.join(t.server.dataDir, 'thumbs')
    const kept = fs.readdirSync(thumbs, { recursive: true }).map(String)
    expect(kept.filter((f) => f.endsWith(`${path.basename(uploaded.data.url)}.w280.webp`))).toHaveLength(1)
    expect(kept.filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('makes an uploaded picture’s renditions in the background before anyone asks (a job), and none for other files', async () => {
    const token = await t.api.login(DEMO.designer)
    const fresh = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#1e64c8' } })
      .png()
      .toBuffer()
    const uploaded = await upload(token, '背景渲染.png', fresh)
    expect(uploaded.code).toBe(200)
    const name = path.basename(uploaded.data.url)
    const made = (width: number) =>
      path.join(t.server.dataDir, 'thumbs', name.slice(0, 2), `${name}.w${width}.webp`)
    await expect
      .poll(() => [280, 1600].map((w) => fs.existsSync(made(w))), { timeout: 20_000 })
      .toEqual([true, true])
    expect((await sharp(made(1600)).metadata()).width).toBe(1600)
    // Served from what the job made: the same bytes.
    const res = await get(`${uploaded.data.url}/thumb?w=280`, token)
    expect(res.rawPayload.equals(fs.readFileSync(made(280)))).toBe(true)
    const pdf = await upload(token, '说明书.pdf', Buffer.from('%PDF-1.4\n背景不渲染'))
    expect(pdf.code).toBe(200)
    const pdfName = path.basename(pdf.data.url)
    await new Promise((r) => setTimeout(r, 300))
    const thumbs = fs.readdirSync(path.join(t.server.dataDir, 'thumbs'), { recursive: true }).map(String)
    expect(thumbs.filter((f) => f.includes(pdfName))).toEqual([])
  })

  it('refuses widths it does not make and files that are no images', async () => {
    const token = await t.api.login(DEMO.designer)
    const uploaded = await upload(token, '样张.tif', read('lzw.tif'))
    expect((await get(`${uploaded.data.url}/thumb?w=999`, token)).json()).toMatchObject({ code: 400 })
    const text = await upload(token, '说明.txt', Buffer.from('不是图片'))
    expect((await get(`${text.data.url}/thumb?w=280`, token)).json()).toEqual({
      code: 404,
      msg: '文件不存在',
    })
  })
})
