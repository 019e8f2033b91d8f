import QRCode from 'qrcode'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { A4, CjkPdf, type TextSpec } from '../pdf/cjk-pdf.ts'
import type { Weight } from '../pdf/fonts.ts'

/** What the deposit certificate states (SPEC §2 registration panel, issue 11 item 1). */
export interface DepositCertificate {
  owner: string
  worksName: string
  worksTypeLabel: string
  fileTypeLabel: string
  certificateStorageNo: string
  fileSha256: string
  worksHash: string
  worksHashTime: string
  org: string
  chainName: string
  chainHeight: number
  chainHash: string
  tsaSerial: string
  verifyUrl: string
}

const TITLE = '作品存证证书'
const BLUE = '#1e3a8a'
const GREY = '#4e5969'

interface TextOp extends TextSpec {
  x: number | 'center'
  y: number
}

function layout(c: DepositCertificate, qrTop: number, qrSize: number): TextOp[] {
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
  const rows: Array<[string, string]> = [
    ['著作权人', c.owner],
    ['作品名称', c.worksName],
    ['作品类型', `${c.worksTypeLabel}（${c.fileTypeLabel}）`],
    ['存证编号', c.certificateStorageNo],
    ['存证时间', `${formatBeijing(new Date(c.worksHashTime))}（北京时间，${c.worksHashTime}）`],
    ['存证平台', c.org],
  ]
  // The hashes get a line of their own: 64 hex characters in a small size fit the page width.
  const hashes: Array<[string, string]> = [
    ['作品文件 SHA-256', c.fileSha256],
    ['确权哈希（权利声明文件 SHA-256）', c.worksHash],
    ['时间戳序列号（RFC 3161）', c.tsaSerial],
    [`${c.chainName} 第 ${c.chainHeight} 号记录`, c.chainHash],
  ]
  const left = 84
  return [
    op('咖簿网 · KABU DESIGN', 'center', 92, 13, 400, BLUE),
    op(TITLE, 'center', 122, 32, 700, BLUE),
    op('RIGHTS DEPOSIT CERTIFICATE', 'center', 170, 11, 400, '#86909c'),
    op('兹证明下列作品的权利声明文件已完成存证，其哈希值与时间如下：', 'center', 204, 12, 400),
    ...rows.flatMap(([label, value], i) => [
      op(label, left, 240 + i * 30, 12, 400, GREY),
      op(value, left + 80, 240 + i * 30, 12, 700),
    ]),
    ...hashes.flatMap(([label, value], i) => [
      op(label, left, 430 + i * 44, 10, 400, GREY),
      op(value, left, 445 + i * 44, 9.5, 700),
    ]),
    op('扫码查验存证', left + qrSize + 20, qrTop + 20, 12, 700, BLUE),
    op('任何人可在公开查验页输入作品文件或确权哈希，', left + qrSize + 20, qrTop + 44, 10, 400, GREY),
    op('核对其是否与本证书记载一致。', left + qrSize + 20, qrTop + 60, 10, 400, GREY),
    op(
      c.verifyUrl.length > 80 ? `${c.verifyUrl.slice(0, 77)}…` : c.verifyUrl,
      left,
      qrTop + qrSize + 12,
      7,
      400,
      '#86909c',
    ),
    op(
      '说明：本证书由演示平台签发，时间戳由本服务器的时间戳服务签名（非国家授时中心），存证链为本地哈希链，',
      left,
      748,
      8.5,
      400,
      GREY,
    ),
    op(
      '仅供演示作品确权流程之用。证据包内附时间戳令牌与签名证书，可用 openssl ts -verify 自行校验。',
      left,
      762,
      8.5,
      400,
      GREY,
    ),
    op(`签发：${c.org}`, left, 786, 11, 400, GREY),
  ]
}

/** The A4 deposit certificate, Chinese drawn with the embedded Noto Sans SC; a QR code of the verification page. */
export async function depositCertificatePdf(c: DepositCertificate): Promise<Buffer> {
  const modules = QRCode.create(c.verifyUrl, { errorCorrectionLevel: 'H' }).modules
  const qrSize = 100
  const qrTop = 612
  const ops = layout(c, qrTop, qrSize)
  const pdf = await CjkPdf.create(
    { Title: `${TITLE} ${c.certificateStorageNo}`, Author: c.org, Subject: c.worksName },
    ops,
  )
  const doc = pdf.doc
  doc
    .lineWidth(5)
    .strokeColor(BLUE)
    .rect(28, 28, A4.width - 56, A4.height - 56)
    .stroke()
  doc
    .lineWidth(1)
    .strokeColor('#c9a227')
    .rect(40, 40, A4.width - 80, A4.height - 80)
    .stroke()
  doc
    .lineWidth(0.5)
    .strokeColor('#c9cdd4')
    .moveTo(84, 418)
    .lineTo(A4.width - 84, 418)
    .stroke()
  for (const op of ops) pdf.line(op, op.x, op.y)
  const cell = qrSize / modules.size
  doc.fillColor('#000000')
  for (let r = 0; r < modules.size; r++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(r, col)) doc.rect(84 + col * cell, qrTop + r * cell, cell, cell)
    }
  }
  doc.fill()
  return pdf.finish()
}
