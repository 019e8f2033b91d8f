import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shareCardOf } from '../../definitions/landing/types.ts'
import { landingFiles } from '../support/landing-files.ts'

const publicDir = path.resolve(import.meta.dirname, '../../public')
const JPEG = Buffer.from([0xff, 0xd8, 0xff])

describe('share cards', () => {
  it('the site has a 1200x630 JPEG share card for pages without their own', () => {
    expect(fs.readFileSync(path.join(publicDir, 'share.jpg')).subarray(0, 3)).toEqual(JPEG)
  })

  it.each(landingFiles().map((f) => [f.slug, f]))(
    'landing page %s has a JPEG or PNG share card',
    (slug, file) => {
      const own = (file as { shareImage?: { src: string } }).shareImage?.src
      const card = own ?? shareCardOf(slug)
      const where = path.join(publicDir, card)
      expect(
        fs.existsSync(where),
        `${card} is missing: run \`node scripts/draw-share-image.ts ${slug}\` and commit the JPEG`,
      ).toBe(true)
      expect(/\.(jpe?g|png)$/i.test(card), `${card}: share cards must be JPEG or PNG`).toBe(true)
    },
  )
})
