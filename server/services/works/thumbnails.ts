import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { WORK_THUMB_WIDTH } from '../../../schemas/works.ts'
import type { FileStorage } from '../storage.ts'

/**
 * Card thumbnails (SPEC §2 Cards, §9 "Thumbnail width 280"): an image resized to 280 px wide, as WebP,
 * made on first request and kept in DATA_DIR/thumbs/ beside the content-addressed originals, so each
 * image is resized once however often it is shown. Never enlarged; animated images keep their first frame.
 */
export class Thumbnails {
  private readonly root: string
  private readonly storage: FileStorage
  private readonly making = new Map<string, Promise<string>>()

  constructor(dataDir: string, storage: FileStorage) {
    this.root = path.join(dataDir, 'thumbs')
    this.storage = storage
  }

  /** The thumbnail's path on disk, made when missing; undefined when the original is not stored. */
  async of(name: string): Promise<string | undefined> {
    const source = this.storage.pathOf(name)
    if (!fs.existsSync(source)) return undefined
    const target = path.join(this.root, name.slice(0, 2), `${name}.w${WORK_THUMB_WIDTH}.webp`)
    if (fs.existsSync(target)) return target
    let pending = this.making.get(target)
    if (!pending) {
      pending = (async () => {
        await fs.promises.mkdir(path.dirname(target), { recursive: true })
        const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`
        try {
          await sharp(source, { limitInputPixels: 50_000_000 })
            .rotate()
            .resize({ width: WORK_THUMB_WIDTH, withoutEnlargement: true })
            .webp({ quality: 80 })
            .toFile(temp)
          await fs.promises.rename(temp, target)
        } finally {
          await fs.promises.rm(temp, { force: true })
        }
        return target
      })().finally(() => this.making.delete(target))
      this.making.set(target, pending)
    }
    return pending
  }
}
