import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from 'pdf-lib'
import sharp from 'sharp'

/**
 * Pixels a picture may have. Higher than the renditions' limit (rendition-image.ts): a display board
 * is an A1 sheet, about 70 million pixels at 300 dpi, and a judge must get it whole; an upload is at
 * most 20 MB, and a decompression bomb still stops here.
 */
const MAX_INPUT_PIXELS = 120_000_000

/** Whether the copy was made, or why not (the file does not decode, or is an encrypted PDF). */
export type BlindCopyOutcome = { made: true } | { made: false; reason: string }

/**
 * Writes at `target` a copy of the upload at `source` with nothing of its author in it, for a judge
 * of a blind round (README "Judging"): a picture re-encoded from its pixels — turned upright first as
 * its EXIF orientation says, then without EXIF (GPS, camera, owner, author), XMP, IPTC, comments or
 * text chunks; a PDF without its document information (author, title, subject, keywords, creator,
 * producer), its XMP metadata streams, its applications' private data and its annotations' authors,
 * and without the objects nothing refers to any more (an earlier revision's information dictionary).
 * Through a temporary file, so a reader never sees half a copy. Runs in a worker thread
 * (server/workers/tasks.ts): decoding and re-encoding take the thread as long as they last.
 */
export async function makeBlindCopy(source: string, target: string): Promise<BlindCopyOutcome> {
  const ext = path.extname(source).slice(1)
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`
  try {
    if (ext === 'pdf') await fs.promises.writeFile(temp, await cleanPdf(await fs.promises.readFile(source)))
    else if (ext === 'jpg' || ext === 'jpeg' || ext === 'png') await cleanPicture(source, temp, ext)
    else return { made: false, reason: `no clean copy is made of .${ext} files` }
    await fs.promises.rename(temp, target)
    return { made: true }
  } catch (error) {
    return { made: false, reason: String(error) }
  } finally {
    await fs.promises.rm(temp, { force: true })
  }
}

/**
 * sharp writes no metadata unless told to keep it (withMetadata, keepExif…): the pixels, upright,
 * converted to sRGB. JPEG at a quality and chroma sampling a judge cannot tell from the original.
 */
async function cleanPicture(source: string, target: string, ext: 'jpg' | 'jpeg' | 'png'): Promise<void> {
  const image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()
  await (ext === 'png' ? image.png() : image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })).toFile(target)
}

/** Keys whose values carry who made a document: XMP packets and applications' private data. */
const DROPPED_KEYS = [PDFName.of('Metadata'), PDFName.of('PieceInfo')]
/**
 * An annotation (a dictionary with a /Rect) names its author in /T, except a form field's widget,
 * where /T names the field.
 */
const TITLE = PDFName.of('T')
const RECT = PDFName.of('Rect')
const SUBTYPE = PDFName.of('Subtype')
const WIDGET = PDFName.of('Widget')

/** The PDF without anything naming its author (makeBlindCopy); an encrypted one is refused. */
export async function cleanPdf(bytes: Uint8Array): Promise<Uint8Array> {
  // updateMetadata: false — pdf-lib would otherwise write its own producer and dates in.
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const context = doc.context
  const root = context.trailerInfo.Root
  if (!root) throw new Error('the PDF has no catalog')
  context.trailerInfo.Info = undefined
  // Walk everything the document's catalog reaches, dropping metadata on the way; what is not
  // reached (the information dictionary, the metadata streams, earlier revisions) is deleted.
  const reached = new Set<PDFRef>()
  const pending: PDFObject[] = [root]
  while (pending.length) {
    const object = pending.pop()!
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue
      reached.add(object)
      const target = context.lookup(object)
      if (target) pending.push(target)
    } else if (object instanceof PDFDict || object instanceof PDFStream) {
      const dict = object instanceof PDFStream ? object.dict : object
      for (const key of DROPPED_KEYS) dict.delete(key)
      if (dict.has(RECT) && dict.get(SUBTYPE) !== WIDGET) dict.delete(TITLE)
      pending.push(...dict.values())
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray())
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref)
  // Plain objects, not object streams: every dictionary of the copy can be read (and checked) as it is.
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false })
}
