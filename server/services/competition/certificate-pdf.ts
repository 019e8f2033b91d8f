import QRCode from 'qrcode'
import type { CertificateTemplate } from '../../../definitions/competition/certificate.ts'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { A4, CjkPdf, type TextSpec } from '../pdf/cjk-pdf.ts'
import type { CertificateFields } from './certificate-records.ts'
import { PRINT_LIMITS, printable, printedFields } from './certificate-text.ts'

/**
 * A competition certificate as an A4 PDF (README "Competition certificates"), in one of the built-in
 * layouts the definition names (definitions/competition/certificate.ts): the title (获奖证书 with an
 * award, 参赛证书 without), the body with its merge fields filled, the facts it certifies, the
 * number, and a QR code of the public verification page. Drawn in a worker thread
 * (server/workers/tasks.ts); every Chinese glyph from the embedded Noto Sans SC.
 */
export interface CertificatePdfInput {
  number: string
  issuedAt: string
  fields: CertificateFields
  verifyUrl: string
}

export const certificateTitle = (award: string | null) => (award ? '获奖证书' : '参赛证书')

/** The facts under the body: label and value, the empty ones left out. */
export function certificateRows(input: CertificatePdfInput): Array<[string, string]> {
  const f = input.fields
  const rows: Array<[string, string]> = [
    ['获 证 人', f.entrant],
    ['合作作者', f.coAuthors.join('、')],
    ['指导老师', f.advisers.join('、')],
    ['参赛作品', f.works.map((w) => `《${w}》`).join('、')],
    [f.award ? '奖　　项' : '证书类别', f.award ?? '参赛证书'],
    ['颁发日期', formatBeijingDate(input.issuedAt)],
    ['证书编号', input.number],
  ]
  // A row of many long names is cut (“…”) so the page holds; the public check lists them whole.
  return rows
    .filter(([, value]) => value !== '')
    .map(([label, value]) => [label, printable(value, PRINT_LIMITS.row)])
}

interface Layout {
  /** Border, band and title colours. */
  accent: string
  /** Where text starts and how wide it runs; 'center' lines are centred on the page. */
  left: number
  width: number
  align: 'center' | 'left'
  qr: { x: number; y: number; size: number }
  frame(doc: PDFKit.PDFDocument): void
}

const LAYOUTS: Record<CertificateTemplate, Layout> = {
  classic: {
    accent: '#1e3a8a',
    left: 110,
    width: A4.width - 220,
    align: 'center',
    qr: { x: (A4.width - 110) / 2, y: 600, size: 110 },
    frame(doc) {
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
    },
  },
  modern: {
    accent: '#0f766e',
    left: 100,
    width: A4.width - 160,
    align: 'left',
    qr: { x: A4.width - 60 - 100, y: 620, size: 100 },
    frame(doc) {
      doc.rect(0, 0, 56, A4.height).fill('#0f766e')
      doc.rect(56, 0, 6, A4.height).fill('#c9a227')
    },
  },
}

/** Text sizes of the body and facts at scale 1; a page that would not fit is drawn again smaller. */
const SCALES = [1, 0.88, 0.76, 0.66, 0.58] as const
/** The lowest a drawn fact may end: room for the QR code, its caption and address above the issuer. */
const factsEnd = (layout: Layout) => 770 - 14 - 36 - layout.qr.size - 16

/** A one-line text no wider than `width`: its size reduced when a long name would run off the page. */
const fitted = (pdf: CjkPdf, spec: TextSpec, width: number): TextSpec => {
  const natural = pdf.widthOf(spec)
  return natural <= width ? spec : { ...spec, size: Math.max(6, (spec.size * width) / natural) }
}

/**
 * The PDF: one A4 page whatever the names and titles (printedFields bounds them; the body and facts
 * are drawn again at a smaller size until they end above the QR code).
 */
export async function competitionCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const fields = printedFields(input.fields)
  const all = SCALES.map((scale) => specsOf({ ...input, fields }, scale))
  const draft = await CjkPdf.drafts(all.flatMap((s) => [...Object.values(s.texts), ...s.rowTexts]))
  for (const [i, specs] of all.entries()) {
    const drawn = drawCertificate(draft, { ...input, fields }, specs)
    if (drawn.fits || i === all.length - 1) return drawn.pdf.finish()
    // Ended unfinished, so pdfkit's stream closes; the smaller draft follows.
    await drawn.pdf.finish()
  }
  throw new Error('unreachable: the last scale is always kept')
}

function specsOf(input: CertificatePdfInput, scale: number) {
  const f = input.fields
  const layout = LAYOUTS[f.template] ?? LAYOUTS.classic
  const title = certificateTitle(f.award)
  const rows = certificateRows(input)
  const at = (spec: TextSpec) => spec
  const texts = {
    brand: at({ text: '咖簿网 · KABU DESIGN', size: 13, weight: 400, color: layout.accent }),
    title: at({ text: title, size: 36, weight: 700, color: layout.accent }),
    english: at({
      text: f.award ? 'CERTIFICATE OF AWARD' : 'CERTIFICATE OF PARTICIPATION',
      size: 11,
      weight: 400,
      color: '#86909c',
    }),
    competition: at({ text: f.competition, size: 16 * scale, weight: 700 }),
    body: at({ text: f.body, size: 14 * scale, weight: 400 }),
    scan: at({ text: '扫码查验证书真伪', size: 10, weight: 400, color: '#4e5969' }),
    url: at({ text: input.verifyUrl, size: 7, weight: 400, color: '#86909c' }),
    issuer: at({ text: `颁发单位：${f.issuer}`, size: 13, weight: 700, color: '#1d2129' }),
  }
  const rowTexts = rows.flatMap(([label, value]) => [
    at({ text: label, size: 12 * scale, weight: 400, color: '#4e5969' }),
    at({ text: value, size: 12 * scale, weight: 700 }),
  ])
  return { layout, title, rows, texts, rowTexts, scale }
}

/** One draft of the page; `fits` when everything stayed on it above the QR code. */
function drawCertificate(
  draft: (info: PDFKit.DocumentInfo) => CjkPdf,
  input: CertificatePdfInput,
  { layout, title, rows, texts, rowTexts, scale }: ReturnType<typeof specsOf>,
): { pdf: CjkPdf; fits: boolean } {
  const f = input.fields
  const pdf = draft({
    Title: `${f.competition} ${title} ${input.number}`,
    Author: f.issuer,
    Subject: f.entrant,
  })
  const doc = pdf.doc
  layout.frame(doc)
  const x = layout.align === 'center' ? 'center' : layout.left
  pdf.line(texts.brand, x, 90)
  pdf.line(texts.title, x, 122)
  pdf.line(texts.english, x, 172)
  // The competition's name on one line where it is centred, smaller when it would not fit the width.
  if (layout.align === 'center') {
    pdf.line(fitted(pdf, texts.competition, layout.width), 'center', 215)
    doc.y = 250
  } else {
    doc.y = 215
    pdf.paragraph(texts.competition, { x: layout.left, width: layout.width, gapAfter: 14 })
  }
  pdf.paragraph(texts.body, { x: layout.left, width: layout.width, lineGap: 8 * scale, gapAfter: 24 * scale })

  // The facts, label left and value wrapping in the column beside it.
  const labelX = layout.align === 'center' ? 130 : layout.left
  const valueX = labelX + 84 * scale
  const valueWidth = A4.width - valueX - (layout.align === 'center' ? 110 : 70)
  for (const [i, [label]] of rows.entries()) {
    const top = doc.y
    pdf.line(rowTexts[i * 2]!, labelX, top)
    doc.y = top
    pdf.paragraph(rowTexts[i * 2 + 1]!, { x: valueX, width: valueWidth, gapAfter: 10 * scale })
    if (label === '证书编号') break
  }
  const fits = pdf.pages === 1 && doc.y <= factsEnd(layout)

  // The QR code of the verification page, module by module (no image decoding), below the facts.
  const qr = layout.qr
  const top = Math.min(Math.max(qr.y, doc.y + 16), factsEnd(layout) + 16)
  const modules = QRCode.create(input.verifyUrl, { errorCorrectionLevel: 'M' }).modules
  const cell = qr.size / modules.size
  doc.fillColor('#000000')
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c)) doc.rect(qr.x + c * cell, top + r * cell, cell, cell)
  doc.fill()
  const captionX = layout.align === 'center' ? 'center' : qr.x
  pdf.line(texts.scan, captionX, top + qr.size + 8)
  pdf.line(texts.url, layout.align === 'center' ? 'center' : layout.left, top + qr.size + 26)
  const issuerWidth = A4.width - (layout.align === 'center' ? 120 : layout.left + 60)
  pdf.line(fitted(pdf, texts.issuer, issuerWidth), layout.align === 'center' ? 'center' : layout.left, 770)
  return { pdf, fits }
}
