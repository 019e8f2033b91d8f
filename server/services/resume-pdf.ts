import { RESUME_SECTIONS, type ResumeForm, resumeSchema } from '../../schemas/forms/resume.ts'
import { A4, CjkPdf, type TextSpec } from './pdf/cjk-pdf.ts'

const MARGIN = 56
const WIDTH = A4.width - 2 * MARGIN

/** The résumé as an A4 PDF: a header, a contact line, then each filled-in section. */
export async function resumePdf(resume: ResumeForm, cityNames: string[]): Promise<Buffer> {
  const contact = [
    resume.years !== undefined ? `从业 ${resume.years} 年` : '',
    cityNames.join(' '),
    resume.phone ?? '',
    resume.email ?? '',
  ]
    .filter(Boolean)
    .join('  ·  ')
  const header: TextSpec[] = [
    { text: resume.realName, size: 26, weight: 700, color: '#1e3a8a' },
    { text: resume.title, size: 13, weight: 400, color: '#4e5969' },
    ...(contact ? [{ text: contact, size: 10, weight: 400 as const, color: '#4e5969' }] : []),
  ]
  const sections = RESUME_SECTIONS.filter((key) => resume[key]).map((key) => ({
    heading: { text: resumeSchema.properties[key].title, size: 14, weight: 700 as const, color: '#1e3a8a' },
    body: { text: resume[key] as string, size: 11, weight: 400 as const },
  }))
  const portfolio = resume.portfolio
    ? [{ text: `作品集：${resume.portfolio}`, size: 10, weight: 400 as const, color: '#1664ff' }]
    : []
  const pdf = await CjkPdf.create(
    { Title: `${resume.realName} - 个人简历`, Author: resume.realName },
    [...header, ...sections.flatMap((s) => [s.heading, s.body]), ...portfolio],
    MARGIN,
  )
  const doc = pdf.doc
  doc.y = MARGIN
  for (const [i, spec] of header.entries())
    pdf.paragraph(spec, { x: MARGIN, width: WIDTH, gapAfter: i === 0 ? 4 : 2 })
  doc.moveDown(0.5)
  doc
    .lineWidth(1.5)
    .strokeColor('#1e3a8a')
    .moveTo(MARGIN, doc.y)
    .lineTo(A4.width - MARGIN, doc.y)
    .stroke()
  doc.y += 14
  for (const s of sections) {
    pdf.paragraph(s.heading, { x: MARGIN, width: WIDTH, gapAfter: 4 })
    pdf.paragraph(s.body, { x: MARGIN, width: WIDTH, gapAfter: 14, lineGap: 4 })
  }
  for (const spec of portfolio) pdf.paragraph(spec, { x: MARGIN, width: WIDTH })
  return pdf.finish()
}
