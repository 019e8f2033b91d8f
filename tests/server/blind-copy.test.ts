import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import PDFKit from 'pdfkit'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanPdf, makeBlindCopy } from '../../server/services/judging/blind-copy.ts'

/**
 * The PDF cases of a blind round's clean copy (server/services/judging/blind-copy.ts) that the judges'
 * route test (judging-blind-files.test.ts) does not make: information left in an earlier revision, an
 * annotation's author, and an encrypted file, which is refused rather than sent as it is.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-blind-copy-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const pdf = (options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void = () => {}) =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFKit({ compress: false, ...options })
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    draw(doc)
    doc.rect(20, 20, 100, 60).fill('#2040c0')
    doc.end()
  })

/**
 * `original` with an incremental update appended, as an editor saves one: a new information dictionary
 * (object `next`) and a cross-reference section pointing back at the first. The first dictionary stays
 * in the file, unreferenced.
 */
function withUpdate(original: Buffer, author: string): Buffer {
  const text = original.toString('latin1')
  const size = Number(/\/Size (\d+)/.exec(text)![1])
  const root = /\/Root (\d+ \d+ R)/.exec(text)![1]
  const prev = Number(/startxref\s+(\d+)/.exec(text)![1])
  const object = `${size} 0 obj\n<< /Author (${author}) /Title (${author} board) >>\nendobj\n`
  const xref = original.length + object.length
  const tail =
    `xref\n${size} 1\n${String(original.length).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${prev} >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.concat([original, Buffer.from(object + tail, 'latin1')])
}

describe('a clean copy of a PDF', () => {
  it('keeps no earlier revision’s information: what nothing refers to is dropped', async () => {
    const updated = withUpdate(await pdf({ info: { Author: 'Wang Wu', Title: 'First Draft' } }), 'Zhao Liu')
    const before = await PDFDocument.load(updated, { updateMetadata: false })
    expect(before.getAuthor()).toBe('Zhao Liu')
    expect(updated.includes('Wang Wu')).toBe(true)

    const clean = Buffer.from(await cleanPdf(updated))
    for (const text of ['Wang Wu', 'First Draft', 'Zhao Liu', '/Author'])
      expect(clean.includes(text)).toBe(false)
    const after = await PDFDocument.load(clean, { updateMetadata: false })
    expect(after.getPageCount()).toBe(1)
    expect(after.context.trailerInfo.Info).toBeUndefined()
  })

  it('drops an annotation’s author and keeps the annotation', async () => {
    // The author as a reader writes it (/T): pdfkit passes unknown options into the annotation, and
    // writes a String object as a PDF string (a plain string would become a name).
    const author = { T: new String('Annotator Qian') } as PDFKit.Mixins.AnnotationOption
    const noted = await pdf({}, (doc) => doc.note(30, 30, 20, 20, '细节需要再看', author))
    expect(noted.includes('Annotator Qian')).toBe(true)
    const clean = Buffer.from(await cleanPdf(noted))
    expect(clean.includes('Annotator Qian')).toBe(false)
    expect(clean.includes('/Annot')).toBe(true)
  })

  it('refuses an encrypted PDF: its strings cannot be read to be cleaned, and it is not copied as it is', async () => {
    const source = path.join(dir, 'locked.pdf')
    fs.writeFileSync(source, await pdf({ ownerPassword: 'owner', info: { Author: 'Wang Wu' } }))
    const target = path.join(dir, 'copy', 'locked.pdf')
    const outcome = await makeBlindCopy(source, target)
    expect(outcome.made).toBe(false)
    expect(fs.existsSync(target)).toBe(false)
    expect(fs.readdirSync(path.dirname(target))).toEqual([])
  })
})
