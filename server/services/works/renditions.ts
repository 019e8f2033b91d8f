import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { extensionOf, WORK_RENDITION_WIDTHS, type WorkRenditionWidth } from '../../../schemas/works.ts'
import type { FileStorage } from '../storage.ts'
import { decodeBmp } from './decode-bmp.ts'
import { epsPreview } from './eps-preview.ts'

/** Pixels a source may have: a decompression bomb stops here instead of filling the memory. */
const MAX_INPUT_PIXELS = 50_000_000
/** Our BMP decoder holds 4 bytes a pixel in memory (sharp streams the other formats). */
const MAX_BMP_PIXELS = 25_000_000
/** Originals known to hold no picture, so a card shown again does not read 20 MB again to learn it. */
const MAX_REMEMBERED_FAILURES = 10_000

/**
 * Renditions made at once; more wait their turn. Decoding holds the whole picture in memory (a bmp up
 * to 200 MB of pixels), so a burst of first views must not decode dozens together.
 */
const MAKING_AT_ONCE = 2

/** Why a picture could not be made: the original holds none a browser could be shown. */
export class NoPicture extends Error {}

/**
 * The pictures browsers are sent of an image work (SPEC §2 Cards, §9 "Thumbnail width 280"; the
 * detail view's 520 px frame): the original resized to 280 px wide for cards, or 1600 for the detail
 * view and its enlarged preview, as WebP. Every image type of §9 gets one, including those browsers
 * cannot draw (tif, eps) or should not be sent whole (an uncompressed bmp): sharp reads jpg, png, gif,
 * webp and tif; bmp goes through our decoder; an eps gives its embedded preview. Each is made on first
 * request and kept in DATA_DIR/thumbs/ beside the content-addressed originals, so an image is resized
 * once however often it is shown. Never enlarged; animated images keep their first frame.
 */
export class Renditions {
  private readonly root: string
  private readonly storage: FileStorage
  private readonly making = new Map<string, Promise<string>>()
  private readonly failed = new Set<string>()
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(dataDir: string, storage: FileStorage) {
    this.root = path.join(dataDir, 'thumbs')
    this.storage = storage
  }

  /**
   * The rendition's path on disk, made when missing; undefined when the original is not stored.
   * Throws NoPicture for an original with nothing to show (an eps without preview, pixels that do
   * not decode).
   */
  async of(name: string, width: WorkRenditionWidth = WORK_RENDITION_WIDTHS[0]): Promise<string | undefined> {
    const source = this.storage.pathOf(name)
    if (!fs.existsSync(source)) return undefined
    const target = path.join(this.root, name.slice(0, 2), `${name}.w${width}.webp`)
    if (fs.existsSync(target)) return target
    if (this.failed.has(name)) throw new NoPicture('no picture in this original')
    let pending = this.making.get(target)
    if (!pending) {
      pending = this.make(source, target, width)
        .catch((error: unknown) => {
          if (error instanceof NoPicture) {
            if (this.failed.size >= MAX_REMEMBERED_FAILURES) this.failed.clear()
            this.failed.add(name)
          }
          throw error
        })
        .finally(() => this.making.delete(target))
      this.making.set(target, pending)
    }
    return pending
  }

  /** Whether the original has a picture to show, making its `width` rendition to find out. */
  async hasPicture(name: string, width: WorkRenditionWidth): Promise<boolean> {
    try {
      return (await this.of(name, width)) !== undefined
    } catch (error) {
      if (error instanceof NoPicture) return false
      throw error
    }
  }

  private async make(source: string, target: string, width: number): Promise<string> {
    // A finished rendition hands its place straight to the next in line.
    if (this.running < MAKING_AT_ONCE) this.running++
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await this.resize(source, target, width)
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }

  private async resize(source: string, target: string, width: number): Promise<string> {
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`
    try {
      const image = await reader(source)
      await image.rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(temp)
      await fs.promises.rename(temp, target)
    } catch (error) {
      throw error instanceof NoPicture ? error : new NoPicture(String(error))
    } finally {
      await fs.promises.rm(temp, { force: true })
    }
    return target
  }
}

/** A sharp pipeline over the original's pixels, whatever its format. */
async function reader(source: string): Promise<Sharp> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS }
  const ext = extensionOf(source)
  if (ext === 'bmp') {
    const { width, height, data } = decodeBmp(await fs.promises.readFile(source), MAX_BMP_PIXELS)
    return sharp(data, { ...options, raw: { width, height, channels: 4 } })
  }
  if (ext === 'eps') {
    const preview = epsPreview(await fs.promises.readFile(source), MAX_INPUT_PIXELS)
    if (!preview) throw new NoPicture('the eps carries no preview')
    return preview.kind === 'tiff'
      ? sharp(preview.data, options)
      : sharp(preview.data, {
          ...options,
          raw: { width: preview.width, height: preview.height, channels: 1 },
        })
  }
  return sharp(source, options)
}
