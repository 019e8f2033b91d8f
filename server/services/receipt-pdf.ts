import QRCode from 'qrcode'
import { formatBeijing } from '../../schemas/beijing-time.ts'
import { A4, CjkPdf, type TextSpec } from './pdf/cjk-pdf.ts'

/** What an entry receipt states (README "参赛回执"). */
export interface ReceiptPdfInput {
  number: string
  competitionTitle: string
  works: string[]
  files: Array<{ label: string; name: string; sha256: string; timestampSerial: string }>
  /** ISO instant of the confirmation (the tokens' time). */
  finalisedAt: string
  org: string
  verifyUrl: string
}

const TITLE = '参赛作品提交回执'
const BLUE = '#1e3a8a'
const GREY = '#4e5969'
const LEFT = 64
/** Files listed on the first page; the rest go on following pages. */
const ROWS_PER_PAGE = 12

type Op = TextSpec & { x: number | 'center'; y: number; page: number }

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

function layout(r: ReceiptPdfInput, qrTop: number): Op[] {
  const ops: Op[] = []
  const op = (
    page: number,
    text: string,
    x: number | 'center',
    y: number,
    size: number,
    weight: 400 | 700,
    color = '#1d2129',
  ) => ops.push({ page, text, x, y, size, weight, color })
  op(0, '咖簿网 · KABU DESIGN', 'center', 60, 12, 400, BLUE)
  op(0, TITLE, 'center', 84, 26, 700, BLUE)
  op(0, 'ENTRY RECEIPT', 'center', 122, 10, 400, '#86909c')
  const rows: Array<[string, string]> = [
    ['回执编号', r.number],
    ['赛事', clip(r.competitionTitle, 40)],
    ['参赛作品', clip(r.works.map((w) => `《${w}》`).join('、') || '—', 40)],
    ['确认提交时间', `${formatBeijing(new Date(r.finalisedAt))}（北京时间）`],
    ['时间戳服务', r.org],
  ]
  rows.forEach(([label, value], i) => {
    op(0, label, LEFT, 150 + i * 24, 11, 400, GREY)
    op(0, value, LEFT + 90, 150 + i * 24, 11, 700)
  })
  op(
    0,
    `参赛文件及其 SHA-256 哈希、RFC 3161 时间戳序列号（共 ${r.files.length} 个）：`,
    LEFT,
    278,
    11,
    700,
    BLUE,
  )
  r.files.forEach((f, i) => {
    const page = Math.floor(i / ROWS_PER_PAGE)
    const y = (page === 0 ? 300 : 60) + (i % ROWS_PER_PAGE) * 34
    op(page, `${i + 1}. ${clip(f.label, 24)} · ${clip(f.name, 40)}`, LEFT, y, 9, 700)
    op(page, `SHA-256 ${f.sha256}`, LEFT + 10, y + 11, 8, 400, GREY)
    op(page, `时间戳序列号 ${f.timestampSerial}`, LEFT + 10, y + 21, 8, 400, GREY)
  })
  op(0, '扫码查验回执', LEFT + 100, qrTop + 16, 12, 700, BLUE)
  op(0, '任何人可在公开查验页输入回执编号，核对赛事、作品、', LEFT + 100, qrTop + 38, 9.5, 400, GREY)
  op(0, '文件哈希与时间戳是否与本回执一致。', LEFT + 100, qrTop + 53, 9.5, 400, GREY)
  op(0, clip(r.verifyUrl, 96), LEFT, qrTop + 92, 7, 400, '#86909c')
  op(
    0,
    '说明：本回执证明上列文件在上述时间已提交；时间戳由本站时间戳服务签名（示例，非国家授时中心）。',
    LEFT,
    790,
    8,
    400,
    GREY,
  )
  return ops
}

/** The A4 receipt, Chinese in the embedded Noto Sans SC, with a QR code of its verification page. */
export async function receiptPdf(r: ReceiptPdfInput): Promise<Buffer> {
  const qrSize = 84
  const pages = Math.max(1, Math.ceil(r.files.length / ROWS_PER_PAGE))
  const firstRows = Math.min(r.files.length, ROWS_PER_PAGE)
  const qrTop = Math.min(300 + firstRows * 34 + 16, 680)
  const ops = layout(r, qrTop)
  const pdf = await CjkPdf.create(
    { Title: `${TITLE} ${r.number}`, Author: r.org, Subject: r.competitionTitle },
    ops,
  )
  const doc = pdf.doc
  for (let page = 0; page < pages; page++) {
    if (page > 0) doc.addPage({ size: 'A4', margin: 0 })
    doc
      .lineWidth(3)
      .strokeColor(BLUE)
      .rect(24, 24, A4.width - 48, A4.height - 48)
      .stroke()
    for (const o of ops) if (o.page === page) pdf.line(o, o.x, o.y)
    if (page === 0) {
      const modules = QRCode.create(r.verifyUrl, { errorCorrectionLevel: 'M' }).modules
      const cell = qrSize / modules.size
      doc.fillColor('#000000')
      for (let row = 0; row < modules.size; row++)
        for (let col = 0; col < modules.size; col++)
          if (modules.get(row, col)) doc.rect(LEFT + col * cell, qrTop + row * cell, cell, cell)
      doc.fill()
    }
  }
  return pdf.finish()
}
