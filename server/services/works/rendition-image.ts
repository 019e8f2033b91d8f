import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { extensionOf } from '../../../schemas/works.ts'
import { decodeBmp } from './decode-bmp.ts'
import { epsPreview } from './eps-preview.ts'

/** Pixels a source may have: a decompression bomb stops here instead of filling the memory. */
const MAX_INPUT_PIXELS = 50_000_000
/** Our BMP decoder holds 4 bytes a pixel in memory (sharp streams the other formats). */
const MAX_BMP_PIXELS = 25_000_000

/** Whether the picture was made, or why the original holds none a browser could be shown. */
export type RenditionOutcome = { made: true } | { made: false; reason: string }

/**
 * Writes `source` resized to `width` (never enlarged) as WebP at `target`, through a temporary file so
 * a reader never sees half a picture. Runs in a worker thread (server/workers/tasks.ts): decoding a
 * bitmap or an EPS preview is JavaScript, and takes the thread for as long as it lasts.
 */
export async function makeRendition(
  source: string,
  target: string,
  width: number,
): Promise<RenditionOutcome> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`
  try {
    const image = await reader(source)
    if (typeof image === 'string') return { made: false, reason: image }
    await image.rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(temp)
    await fs.promises.rename(temp, target)
    return { made: true }
  } catch (error) {
    return { made: false, reason: String(error) }
  } finally {
    await fs.promises.rm(temp, { force: true })
  }
}

/** A sharp pipeline over the original's pixels, whatever its format, or why there is none. */
async function reader(source: string): Promise<Sharp | string> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS }
  const ext = extensionOf(source)
  if (ext === 'bmp') {
    const { width, height, data } = decodeBmp(await fs.promises.readFile(source), MAX_BMP_PIXELS)
    return sharp(data, { ...options, raw: { width, height, channels: 4 } })
  }
  if (ext === 'eps') {
    const preview = epsPreview(await fs.promises.readFile(source), MAX_INPUT_PIXELS)
    if (!preview) return 'the eps carries no preview'
    return preview.kind === 'tiff'
      ? sharp(preview.data, options)
      : sharp(preview.data, {
          ...options,
          raw: { width: preview.width, height: preview.height, channels: 1 },
        })
  }
  return sharp(source, options)
}
