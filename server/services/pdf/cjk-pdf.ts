import fs from 'node:fs'
import PDFDocument from 'pdfkit'
import subsetFont from 'subset-font'
import { fontRuns, type Weight } from './fonts.ts'

/** A4 in points, portrait (SPEC §9 "PDF export: A4"). */
export const A4 = { width: 595.28, height: 841.89 }

/** One piece of text and how it is set: at a point (x, y) or flowing in a box from the current position. */
export interface TextSpec {
  text: string
  size: number
  weight: Weight
  color?: string
}

const fontBytes = new Map<string, Buffer>()

/**
 * Each font file the texts need, cut down to the characters drawn with it (harfbuzz's subsetter):
 * pdfkit's own subsetting of the whole 1.5 MB CJK font took ~20 s of CPU a page.
 */
async function subsetFonts(
  texts: ReadonlyArray<Pick<TextSpec, 'text' | 'weight'>>,
): Promise<Map<string, Buffer>> {
  const chars = new Map<string, Set<string>>()
  for (const { text, weight } of texts) {
    for (const run of fontRuns(text, weight)) {
      const set = chars.get(run.file) ?? new Set<string>()
      for (const c of run.text) set.add(c)
      chars.set(run.file, set)
    }
  }
  const fonts = new Map<string, Buffer>()
  for (const [file, set] of chars) {
    let bytes = fontBytes.get(file)
    if (!bytes) {
      bytes = await fs.promises.readFile(file)
      fontBytes.set(file, bytes)
    }
    fonts.set(file, await subsetFont(bytes, [...set].join(''), { targetFormat: 'truetype' }))
  }
  return fonts
}

/**
 * An A4 document whose Chinese (and Latin) text is drawn with Noto Sans SC from the registry package,
 * embedded as a subset. Give it every text it will draw up front (the fonts are cut to them), then draw.
 */
export class CjkPdf {
  readonly doc: PDFKit.PDFDocument
  private readonly done: Promise<Buffer>

  private constructor(info: PDFKit.DocumentInfo, fonts: Map<string, Buffer>, margin: number) {
    this.doc = new PDFDocument({ size: 'A4', margin, info, bufferPages: true })
    const chunks: Buffer[] = []
    this.doc.on('data', (c: Buffer) => chunks.push(c))
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)))
      this.doc.on('error', reject)
    })
    for (const [file, bytes] of fonts) this.doc.registerFont(file, bytes)
  }

  static async create(
    info: PDFKit.DocumentInfo,
    texts: ReadonlyArray<TextSpec>,
    margin = 0,
  ): Promise<CjkPdf> {
    return new CjkPdf(info, await subsetFonts(texts), margin)
  }

  /**
   * Documents drawing the same texts, the fonts cut once: for a page drawn again smaller until it fits
   * (sizes may change between drafts, the characters may not).
   */
  static async drafts(
    texts: ReadonlyArray<Pick<TextSpec, 'text' | 'weight'>>,
    margin = 0,
  ): Promise<(info: PDFKit.DocumentInfo) => CjkPdf> {
    const fonts = await subsetFonts(texts)
    return (info) => new CjkPdf(info, fonts, margin)
  }

  /** How wide `spec` is on one line. */
  widthOf(spec: TextSpec): number {
    const doc = this.doc.fontSize(spec.size)
    return fontRuns(spec.text, spec.weight).reduce((w, r) => w + doc.font(r.file).widthOfString(r.text), 0)
  }

  /** Pages drawn so far. */
  get pages(): number {
    return this.doc.bufferedPageRange().count
  }

  /** One line at a point; `x: 'center'` centres it on the page. */
  line(spec: TextSpec, x: number | 'center', y: number): void {
    const runs = fontRuns(spec.text, spec.weight)
    const width = this.widthOf(spec)
    const doc = this.doc.fontSize(spec.size).fillColor(spec.color ?? '#1d2129')
    let at = x === 'center' ? (A4.width - width) / 2 : x
    for (const run of runs) {
      doc.font(run.file).text(run.text, at, y, { lineBreak: false })
      at += doc.widthOfString(run.text)
    }
  }

  /** A paragraph flowing from the current position within `width`, onto new pages as needed. */
  paragraph(
    spec: TextSpec,
    options: { x: number; width: number; gapAfter?: number; lineGap?: number },
  ): void {
    const runs = fontRuns(spec.text, spec.weight)
    const doc = this.doc.fontSize(spec.size).fillColor(spec.color ?? '#1d2129')
    runs.forEach((run, i) => {
      const first = i === 0
      doc.font(run.file).text(run.text, first ? options.x : undefined, first ? doc.y : undefined, {
        width: options.width,
        lineGap: options.lineGap ?? 3,
        continued: i < runs.length - 1,
      })
    })
    doc.y += options.gapAfter ?? 0
  }

  finish(): Promise<Buffer> {
    this.doc.end()
    return this.done
  }
}
