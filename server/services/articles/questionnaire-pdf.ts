import type { QuestionnaireSummary } from '../../../schemas/api/articles.ts'
import { A4, CjkPdf, type TextSpec } from '../pdf/cjk-pdf.ts'

const MARGIN = 56
const WIDTH = A4.width - 2 * MARGIN
const BAR_WIDTH = 220
const BRAND = '#1e3a8a'

/** The questionnaire's summary as an A4 PDF (SPEC §9 PDF export): each question with a bar per option. */
export async function questionnairePdf(summary: QuestionnaireSummary, printedAt: string): Promise<Buffer> {
  const title: TextSpec = { text: summary.title, size: 22, weight: 700, color: BRAND }
  const intro: TextSpec = { text: summary.description, size: 10, weight: 400, color: '#4e5969' }
  const meta: TextSpec = {
    text: `有效问卷 ${summary.respondents} 份 · 导出时间 ${printedAt}`,
    size: 10,
    weight: 400,
    color: '#4e5969',
  }
  const questions = summary.questions.map((q, i) => ({
    heading: { text: `${i + 1}. ${q.title}`, size: 13, weight: 700 as const, color: BRAND },
    options: q.options.map((o) => ({
      label: { text: o.label, size: 10, weight: 400 as const },
      figure: { text: `${o.count} 人 · ${o.percent}%`, size: 10, weight: 400 as const, color: '#4e5969' },
      percent: o.percent,
    })),
  }))
  const pdf = await CjkPdf.create(
    { Title: `${summary.title} - 汇总`, Author: '咖簿网' },
    [
      title,
      intro,
      meta,
      ...questions.flatMap((q) => [q.heading, ...q.options.flatMap((o) => [o.label, o.figure])]),
    ],
    MARGIN,
  )
  const doc = pdf.doc
  doc.y = MARGIN
  pdf.paragraph(title, { x: MARGIN, width: WIDTH, gapAfter: 6 })
  pdf.paragraph(intro, { x: MARGIN, width: WIDTH, gapAfter: 4, lineGap: 4 })
  pdf.paragraph(meta, { x: MARGIN, width: WIDTH, gapAfter: 8 })
  doc
    .lineWidth(1.5)
    .strokeColor(BRAND)
    .moveTo(MARGIN, doc.y)
    .lineTo(A4.width - MARGIN, doc.y)
    .stroke()
  doc.y += 16
  for (const q of questions) {
    // Keep a question and its options on one page.
    if (doc.y + 24 + q.options.length * 20 > A4.height - MARGIN) {
      doc.addPage()
      doc.y = MARGIN
    }
    pdf.paragraph(q.heading, { x: MARGIN, width: WIDTH, gapAfter: 6 })
    for (const o of q.options) {
      const y = doc.y
      pdf.line(o.label, MARGIN + 8, y)
      const barX = MARGIN + 150
      doc.rect(barX, y + 2, BAR_WIDTH, 9).fill('#e8edf7')
      if (o.percent > 0) doc.rect(barX, y + 2, (BAR_WIDTH * o.percent) / 100, 9).fill('#3b5bdb')
      pdf.line(o.figure, barX + BAR_WIDTH + 12, y)
      doc.y = y + 20
    }
    doc.y += 10
  }
  return pdf.finish()
}
