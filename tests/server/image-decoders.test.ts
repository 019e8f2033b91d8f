import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { BmpError, decodeBmp } from '../../server/services/works/decode-bmp.ts'
import { epsPreview } from '../../server/services/works/eps-preview.ts'

// The fixtures were written by other programs (ImageMagick, Ghostscript's ps2epsi) from the PNGs
// beside them: tests/fixtures/images/README.md says how. Our decoders must give back those pixels.
const fixtures = path.join(import.meta.dirname, '../fixtures/images')
const read = (name: string) => fs.readFileSync(path.join(fixtures, name))

async function pixelsOf(png: string) {
  const { data, info } = await sharp(read(png)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data }
}

/** The largest difference of any channel of any pixel. */
function maxDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length)
  let max = 0
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!))
  return max
}

describe('BMP decoder (bmp works get a card thumbnail and a preview)', () => {
  it.each([
    // file, reference, tolerance: 16-bit pixels keep 5 or 6 bits a channel.
    ['rgb24-v3.bmp', 'source.png', 0],
    ['rgb24-v5.bmp', 'source.png', 0],
    ['rgb24-core.bmp', 'source.png', 0],
    ['pal4-v3.bmp', 'source.png', 0],
    ['pal8-v3.bmp', 'many.png', 0],
    ['rle8-v3.bmp', 'many.png', 0],
    ['mono-v3.bmp', 'mono-v3.png', 0],
    ['rgb565.bmp', 'source.png', 8],
    ['rgba32-v5.bmp', 'alpha.png', 0],
  ])('reads %s as ImageMagick wrote it from %s', async (file, reference, tolerance) => {
    const bitmap = decodeBmp(read(file))
    const expected = await pixelsOf(reference)
    expect([bitmap.width, bitmap.height]).toEqual([expected.width, expected.height])
    expect(maxDifference(bitmap.data, expected.data)).toBeLessThanOrEqual(tolerance)
  })

  /** A bitmap with a 40-byte header, written here for the variants ImageMagick does not write. */
  function bitmap(o: {
    width: number
    height: number
    bits: number
    compression: number
    palette?: number[][]
    pixels: Buffer
  }) {
    const paletteBytes = Buffer.concat((o.palette ?? []).map(([r, g, b]) => Buffer.from([b!, g!, r!, 0])))
    const offset = 14 + 40 + paletteBytes.length
    const file = Buffer.alloc(offset + o.pixels.length)
    file.write('BM', 0, 'latin1')
    file.writeUInt32LE(file.length, 2)
    file.writeUInt32LE(offset, 10)
    file.writeUInt32LE(40, 14)
    file.writeInt32LE(o.width, 18)
    file.writeInt32LE(o.height, 22)
    file.writeUInt16LE(1, 26)
    file.writeUInt16LE(o.bits, 28)
    file.writeUInt32LE(o.compression, 30)
    file.writeUInt32LE(o.pixels.length, 34)
    file.writeUInt32LE(o.palette?.length ?? 0, 46)
    paletteBytes.copy(file, 54)
    o.pixels.copy(file, offset)
    return file
  }
  const rgbaAt = (b: { width: number; data: Buffer }, x: number, y: number) => [
    ...b.data.subarray((y * b.width + x) * 4, (y * b.width + x) * 4 + 4),
  ]

  it('reads RLE4 runs, absolute runs, a delta and the end marker (rows bottom-up)', () => {
    const palette = [
      [0, 0, 0],
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ]
    const pixels = Buffer.from([
      // bottom row: 4 pixels alternating 1 and 2, then absolute 3,3,1 (two bytes), end of line
      4, 0x12, 0, 3, 0x33, 0x10, 0, 0,
      // next row up: a delta of 2 right, 0 down, then two pixels of 3; end of bitmap
      0, 2, 2, 0, 2, 0x33, 0, 1,
    ])
    const decoded = decodeBmp(bitmap({ width: 7, height: 2, bits: 4, compression: 2, palette, pixels }))
    const bottom = [0, 1, 2, 3, 4, 5, 6].map((x) => rgbaAt(decoded, x, 1))
    expect(bottom).toEqual([
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
      [255, 0, 0, 255],
    ])
    // Skipped pixels stay opaque black; the run after the delta starts at x = 2.
    expect([0, 1, 2, 3, 4].map((x) => rgbaAt(decoded, x, 0))).toEqual([
      [0, 0, 0, 255],
      [0, 0, 0, 255],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
      [0, 0, 0, 255],
    ])
  })

  it('reads 16-bit pixels without masks as 5 bits a channel (x1r5g5b5)', () => {
    // One row of two pixels, padded to four bytes: pure red, then white.
    const pixels = Buffer.alloc(4)
    pixels.writeUInt16LE(0x7c00, 0)
    pixels.writeUInt16LE(0x7fff, 2)
    const decoded = decodeBmp(bitmap({ width: 2, height: 1, bits: 16, compression: 0, pixels }))
    expect(rgbaAt(decoded, 0, 0)).toEqual([255, 0, 0, 255])
    expect(rgbaAt(decoded, 1, 0)).toEqual([255, 255, 255, 255])
  })

  it('reads 32-bit pixels without alpha as opaque, and a negative height as rows top-down', () => {
    // Two rows of one pixel, BGRX with X = 0: top-down, so the first stored row is the top one.
    const pixels = Buffer.from([0, 0, 255, 0, 255, 0, 0, 0])
    const decoded = decodeBmp(bitmap({ width: 1, height: -2, bits: 32, compression: 0, pixels }))
    expect(rgbaAt(decoded, 0, 0)).toEqual([255, 0, 0, 255])
    expect(rgbaAt(decoded, 0, 1)).toEqual([0, 0, 255, 255])
  })

  it('refuses what is no bitmap, a truncated one, and one larger than the pixel limit', () => {
    expect(() => decodeBmp(read('source.png'))).toThrow(BmpError)
    const whole = read('rgb24-v3.bmp')
    expect(() => decodeBmp(whole.subarray(0, whole.length - 100))).toThrow(BmpError)
    const huge = Buffer.from(whole)
    huge.writeInt32LE(100_000, 18)
    huge.writeInt32LE(100_000, 22)
    expect(() => decodeBmp(huge)).toThrow('位图尺寸超出限制')
    // Every cut of a real file either decodes or refuses with a BmpError, never anything else.
    for (let end = 0; end < whole.length; end += 7) {
      try {
        decodeBmp(whole.subarray(0, end))
      } catch (error) {
        expect(error).toBeInstanceOf(BmpError)
      }
    }
  })
})

describe('EPS previews (eps works show the picture the file carries)', () => {
  it('takes the TIFF preview of a DOS EPS binary file', async () => {
    const preview = epsPreview(read('tiff-preview.eps'))
    expect(preview?.kind).toBe('tiff')
    if (preview?.kind !== 'tiff') return
    const { data, info } = await sharp(preview.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const expected = await pixelsOf('source.png')
    expect([info.width, info.height]).toEqual([expected.width, expected.height])
    expect(maxDifference(data, expected.data)).toBe(0)
  })

  it('reads an EPSI preview as grey levels, 0 being white (Ghostscript’s ps2epsi)', () => {
    const preview = epsPreview(read('epsi-preview.eps'))
    expect(preview?.kind).toBe('grey')
    if (preview?.kind !== 'grey') return
    expect([preview.width, preview.height]).toEqual([68, 45])
    const at = (x: number, y: number) => preview.data[y * preview.width + x]!
    // source.png: dark red top left, yellow bottom right — yellow is the lighter.
    expect(at(60, 40)).toBeGreaterThan(at(10, 5) + 80)
    expect(at(60, 40)).toBeGreaterThan(200)
  })

  it('answers nothing for an EPS without a preview, or a file that is no EPS', () => {
    expect(epsPreview(read('no-preview.eps'))).toBeUndefined()
    expect(epsPreview(read('source.png'))).toBeUndefined()
    expect(epsPreview(Buffer.alloc(0))).toBeUndefined()
    // A DOS header pointing past the end of the file.
    const broken = Buffer.from(read('tiff-preview.eps').subarray(0, 100))
    expect(epsPreview(broken)).toBeUndefined()
  })
})
