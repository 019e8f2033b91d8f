import fs from 'node:fs'
import path from 'node:path'
import { WORK_RENDITION_WIDTHS, type WorkRenditionWidth } from '../../../schemas/works.ts'
import type { WorkerPool } from '../../workers/pool.ts'
import type { FileStorage } from '../storage.ts'

/** Originals known to hold no picture, so a card shown again does not read 20 MB again to learn it. */
const MAX_REMEMBERED_FAILURES = 10_000

/** Why a picture could not be made: the original holds none a browser could be shown. */
export class NoPicture extends Error {}

/**
 * The pictures browsers are sent of an image work (SPEC §2 Cards, §9 "Thumbnail width 280"; the
 * detail view's 520 px frame): the original resized to 280 px wide for cards, or 1600 for the detail
 * view and its enlarged preview, as WebP. Every image type of §9 gets one, including those browsers
 * cannot draw (tif, eps) or should not be sent whole (an uncompressed bmp): sharp reads jpg, png, gif,
 * webp and tif; bmp goes through our decoder; an eps gives its embedded preview. Each is made on first
 * request and kept in DATA_DIR/thumbs/ beside the content-addressed originals, so an image is resized
 * once however often it is shown (a background job makes both sizes of each upload at once:
 * rendition-jobs.ts). Never enlarged; animated images keep their first frame. The
 * decoding and resizing run in the worker pool (rendition-image.ts), as many at once as it has
 * threads: decoding holds the whole picture in memory (a bmp up to 100 MB of pixels), so a burst of
 * first views waits in its queue instead of decoding dozens together.
 */
export class Renditions {
  private readonly root: string
  private readonly storage: FileStorage
  private readonly making = new Map<string, Promise<string>>()
  private readonly failed = new Set<string>()
  private readonly workers: WorkerPool

  constructor(dataDir: string, storage: FileStorage, workers: WorkerPool) {
    this.root = path.join(dataDir, 'thumbs')
    this.storage = storage
    this.workers = workers
  }

  /**
   * The rendition's path on disk, made when missing; undefined when the original is not stored.
   * Throws NoPicture for an original with nothing to show (an eps without preview, pixels that do
   * not decode).
   */
  async of(name: string, width: WorkRenditionWidth = WORK_RENDITION_WIDTHS[0]): Promise<string | undefined> {
    const source = await this.storage.localPath(name)
    if (!fs.existsSync(source)) return undefined
    const target = path.join(this.root, name.slice(0, 2), `${name}.w${width}.webp`)
    if (await this.storage.fetchDerived(target)) return target
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
    const outcome = await this.workers.run('rendition', { source, target, width })
    if (!outcome.made) throw new NoPicture(outcome.reason)
    await this.storage.keepDerived(target)
    return target
  }
}
