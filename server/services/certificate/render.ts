import QRCode from 'qrcode'
import type { CertificationInfo } from '../../../schemas/api/certificates.ts'
import { escapeHtml } from '../../lib/html.ts'
import { A4, CjkPdf, type TextSpec } from '../pdf/cjk-pdf.ts'
import type { Weight } from '../pdf/fonts.ts'

/**
 * The designer certificate, as an A4 PDF (SPEC §9) and as an image for the personal area: name,
 * level, number and validity, and a QR code of its public verification page (/auth/search).
 */

export const ISSUER = '咖簿网设计师认证中心（演示）'
const TITLE = '设计师认证证书'

/** 2027-11-23T02:00:00Z → 2027年11月23日 (Beijing calendar). */
export function certificateDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 8 * 3_600_000)
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`
}

function lines(cert: CertificationInfo): Array<[string, string]> {
  return [
    ['姓　　名', cert.username],
    ['认证等级', cert.level],
    ['证书编号', cert.number],
    ['有 效 期', `${certificateDate(cert.validFrom)} 至 ${certificateDate(cert.validUntil)}`],
  ]
}

const qrModules = (text: string) => QRCode.create(text, { errorCorrectionLevel: 'M' }).modules

interface TextOp extends TextSpec {
  x: number | 'center'
  y: number
}

/** What the certificate's page says, and where. */
function pdfText(cert: CertificationInfo, verifyUrl: string, qrTop: number, qrSize: number): TextOp[] {
  const op = (
    text: string,
    x: number | 'center',
    y: number,
    size: number,
    weight: Weight,
    color = '#1d2129',
  ) => ({
    text,
    x,
    y,
    size,
    weight,
    color,
  })
  return [
    op('咖簿网 · KABU DESIGN', 'center', 110, 14, 400, '#1e3a8a'),
    op(TITLE, 'center', 150, 36, 700, '#1e3a8a'),
    op('DESIGNER CERTIFICATE', 'center', 205, 12, 400, '#86909c'),
    ...(cert.status === 'expired' ? [op('本证书已过期', 'center', 228, 14, 700, '#c4302b')] : []),
    op(`兹证明 ${cert.username} 已通过实名认证并完成年度认证，`, 'center', 270, 14, 400),
    op('在有效期内为咖簿网认证设计师。', 'center', 294, 14, 400),
    ...lines(cert).flatMap(([label, value], i) => [
      op(label, 130, 360 + i * 44, 15, 400, '#4e5969'),
      op(value, 240, 360 + i * 44, 15, 700),
    ]),
    op('扫码查验证书真伪', 'center', qrTop + qrSize + 12, 11, 400, '#4e5969'),
    op(verifyUrl, 'center', qrTop + qrSize + 30, 8, 400, '#86909c'),
    op(`颁发单位：${ISSUER}`, 'center', 760, 12, 400, '#4e5969'),
  ]
}

/** The A4 PDF, every Chinese glyph drawn from the embedded Noto Sans SC. */
export async function certificatePdf(cert: CertificationInfo, verifyUrl: string): Promise<Buffer> {
  const modules = qrModules(verifyUrl)
  const qrSize = 120
  const qrTop = 560
  const ops = pdfText(cert, verifyUrl, qrTop, qrSize)
  const pdf = await CjkPdf.create(
    { Title: `${TITLE} ${cert.number}`, Author: ISSUER, Subject: cert.username },
    ops,
  )
  const doc = pdf.doc

  // Frame: an outer and an inner border in the brand blue.
  doc
    .lineWidth(6)
    .strokeColor('#1e3a8a')
    .rect(28, 28, A4.width - 56, A4.height - 56)
    .stroke()
  doc
    .lineWidth(1)
    .strokeColor('#c9a227')
    .rect(42, 42, A4.width - 84, A4.height - 84)
    .stroke()
  for (const op of ops) pdf.line(op, op.x, op.y)

  // The QR code of the public verification page, drawn module by module (no image decoding).
  const cell = qrSize / modules.size
  const qrX = (A4.width - qrSize) / 2
  doc.fillColor('#000000')
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (modules.get(r, c)) doc.rect(qrX + c * cell, qrTop + r * cell, cell, cell)
    }
  }
  doc.fill()
  return pdf.finish()
}

/** The certificate as an SVG image (1200 × 848), for the personal area and sharing. */
export function certificateSvg(cert: CertificationInfo, verifyUrl: string): string {
  const modules = qrModules(verifyUrl)
  // Bottom right, below the last line (which ends at y≈610 and can run to x≈900).
  const qrSize = 140
  const cell = qrSize / modules.size
  const qrX = 1000 - qrSize
  const qrY = 624
  let qr = ''
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (modules.get(r, c))
        qr += `M${(qrX + c * cell).toFixed(2)} ${(qrY + r * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`
    }
  }
  const t = (text: string) => escapeHtml(text)
  const rows = lines(cert)
    .map(
      ([label, value], i) =>
        `<text x="220" y="${440 + i * 56}" font-size="26" fill="#4e5969">${t(label)}</text><text x="380" y="${440 + i * 56}" font-size="28" font-weight="700" fill="#1d2129">${t(value)}</text>`,
    )
    .join('')
  const expired = cert.status === 'expired'
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 848" width="1200" height="848" font-family="'Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif">
<rect width="1200" height="848" fill="#fffdf7"/>
<rect x="24" y="24" width="1152" height="800" fill="none" stroke="#1e3a8a" stroke-width="10"/>
<rect x="44" y="44" width="1112" height="760" fill="none" stroke="#c9a227" stroke-width="2"/>
<text x="600" y="130" text-anchor="middle" font-size="24" fill="#1e3a8a">咖簿网 · KABU DESIGN</text>
<text x="600" y="210" text-anchor="middle" font-size="64" font-weight="700" fill="#1e3a8a">${TITLE}</text>
<text x="600" y="250" text-anchor="middle" font-size="18" letter-spacing="6" fill="#86909c">DESIGNER CERTIFICATE</text>
<text x="600" y="330" text-anchor="middle" font-size="24" fill="#1d2129">兹证明 ${t(cert.username)} 已通过实名认证并完成年度认证，在有效期内为咖簿网认证设计师。</text>
${rows}
<path d="${qr}" fill="#000"/>
<text x="${qrX + qrSize / 2}" y="${qrY + qrSize + 22}" text-anchor="middle" font-size="15" fill="#4e5969">扫码查验证书真伪</text>
<text x="220" y="740" font-size="20" fill="#4e5969">颁发单位：${t(ISSUER)}</text>
${expired ? '<text x="600" y="560" text-anchor="middle" font-size="96" font-weight="700" fill="#c4302b" fill-opacity="0.25" transform="rotate(-18 600 560)">已过期</text>' : ''}
</svg>`
}
