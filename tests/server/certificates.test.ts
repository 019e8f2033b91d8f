import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CERT_FEE_FEN } from '../../server/config.ts'
import { certificateSvg } from '../../server/services/certificate/render.ts'
import { newPayer } from '../support/payers.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()
const NOT_FOUND = '未找到该证书：编号或姓名不存在，请核对；证书编号对不上的证书不是咖簿网颁发的'

const designerNumber = async () =>
  (await t.api.get('/api/my/getCertificate', await t.api.login(DEMO.designer))).data.certification
    .number as string

/** The text of every stream of a PDF, inflated where pdfkit compressed it. */
function pdfStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1')
  let out = ''
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length
    const end = text.indexOf('endstream', start)
    const raw = pdf.subarray(start, end)
    try {
      out += zlib.inflateSync(raw).toString('latin1')
    } catch {
      out += raw.toString('latin1')
    }
  }
  return out
}

describe('certificates in public (SPEC §2 Certification)', () => {
  it('verifies the demo designer’s certificate by number (any case) and by name', async () => {
    const number = await designerNumber()
    const byNumber = await t.api.get(`/api/certificate/verify?keyword=${number.toLowerCase()}`)
    expect(byNumber.data).toEqual([expect.objectContaining({ number, username: '陈思远', status: 'valid' })])
    const byName = await t.api.get(`/api/certificate/verify?keyword=${encodeURIComponent('陈思远')}`)
    expect(byName.data.map((c: { number: string }) => c.number)).toContain(number)
  })

  it('says a forged number is not ours, and an expired certificate is expired', async () => {
    expect(await t.api.get('/api/certificate/verify?keyword=KBC20269999999')).toEqual({
      code: 404,
      msg: NOT_FOUND,
    })
    expect(await t.api.get('/api/certificate/verify?keyword=not-a-number')).toEqual({
      code: 404,
      msg: NOT_FOUND,
    })
    const payer = await newPayer(t.server.app, t.api, DEFAULT_CERT_FEE_FEN)
    await t.api.post('/api/my/approve/4', {}, payer.token)
    const mine = (await t.api.get('/api/my/getCertificate', payer.token)).data.certification
    await t.server.app.db.kysely
      .updateTable('certifications')
      .set({ valid_until: new Date(Date.now() - 86_400_000).toISOString() })
      .where('user_id', '=', payer.userId)
      .execute()
    const expired = await t.api.get(`/api/certificate/verify?keyword=${mine.number}`)
    expect(expired.data[0]).toMatchObject({ number: mine.number, status: 'expired' })
    // Out of the directory too.
    const listed = await t.api.get(`/api/certification/list?keyword=${mine.number}`)
    expect(listed.total).toBe(0)
  })

  it('lists certified designers, found by name prefix, city or number', async () => {
    const number = await designerNumber()
    const all = await t.api.get('/api/certification/list')
    expect(all.rows).toContainEqual(
      expect.objectContaining({
        number,
        username: '陈思远',
        cityNames: ['江苏省', '苏州市', '虎丘区'],
        professional: '工业设计',
      }),
    )
    for (const keyword of ['陈', '苏州', '江苏省', number]) {
      const found = await t.api.get(`/api/certification/list?keyword=${encodeURIComponent(keyword)}`)
      expect(
        found.rows.map((r: { number: string }) => r.number),
        keyword,
      ).toContain(number)
    }
    // Another city finds only its own designers (by the directory profile's city since issue 22).
    const beijing = await t.api.get(`/api/certification/list?keyword=${encodeURIComponent('北京')}`)
    expect(beijing.rows.map((r: { number: string }) => r.number)).not.toContain(number)
    expect(beijing.rows.every((r: { cityNames: string[] }) => r.cityNames[0] === '北京市')).toBe(true)
    const info = await t.api.get('/api/certificate/info')
    expect(info.data).toMatchObject({ approveMoney: '298.00', validYears: 1 })
    expect(info.data.certifiedCount).toBeGreaterThanOrEqual(1)
  })

  it('shows each certified designer’s city and profession, from the directory profile when real-name data lacks them', async () => {
    const listed = await t.api.get('/api/certification/list?pageSize=50')
    const directory = await t.api.get('/api/designer/list?pageSize=50')
    expect(listed.total).toBeGreaterThan(1)
    // Issue 22 item 7: 40 of 41 cards showed “—”. Every demo designer has a city and a profession.
    const bare = listed.rows.filter(
      (r: { cityNames: string[]; professional: string }) => !r.cityNames.length || !r.professional,
    )
    expect(bare).toEqual([])
    const shen = listed.rows.find((r: { username: string }) => r.username === '沈栖梧')
    const shenProfile = directory.rows.find((r: { username: string }) => r.username === '沈栖梧')
    expect(shen.cityNames.slice(0, 2)).toEqual(shenProfile.cityNames)
    expect(shen.professional).toBe('工业设计')
  })

  it('draws the certificate as an image with its QR code of the verification page', async () => {
    const number = await designerNumber()
    const res = await t.server.app.inject({ url: `/api/certificate/${number}/image` })
    expect(res.headers['content-type']).toContain('image/svg+xml')
    expect(res.body).toContain(number)
    expect(res.body).toContain('陈思远')
    expect(res.body).toContain('注册设计师')
    expect(res.body).toMatch(/<path d="M[\d.]+ [\d.]+h/)
    // The QR code is that of the public verification page: the same drawing made for that address.
    const cert = (await t.api.get(`/api/certificate/verify?keyword=${number}`)).data[0]
    expect(res.body).toBe(certificateSvg(cert, `http://localhost:80/auth/search?number=${number}`))
    expect(res.body).not.toBe(certificateSvg(cert, `http://localhost:80/auth/search?number=${number}X`))
    expect((await t.server.app.inject({ url: '/api/certificate/KBC20269999999/image' })).json()).toEqual({
      code: 404,
      msg: NOT_FOUND,
    })
  })

  it('makes an A4 PDF whose Chinese text is drawn from the embedded Noto Sans SC', async () => {
    const number = await designerNumber()
    const res = await t.server.app.inject({ url: `/api/certificate/${number}/pdf` })
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${number}.pdf"`)
    const pdf = res.rawPayload
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdf.toString('latin1')
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/)
    // Embedded (a font file stream), named after the registry package's font, subset by pdfkit.
    expect(text).toMatch(/\/FontFile2? \d+ 0 R/)
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/)
    // The ToUnicode maps carry the name's characters: 陈 U+9648, 思 U+601D, 远 U+8FDC.
    const streams = pdfStreams(pdf).toLowerCase()
    for (const hex of ['9648', '601d', '8fdc']) expect(streams).toContain(`<${hex}>`)
    expect(pdf.length).toBeLessThan(400_000)
  })
})
