/**
 * A Windows bitmap decoded to RGBA pixels, for the renditions of bmp works: sharp's libvips reads no
 * BMP, and browsers should not be sent a 20 MB uncompressed original as a card cover.
 *
 * Reads what painting and scanning programs write: the OS/2 core header and the Windows info headers
 * (v1, v4, v5); 1, 4, 8, 16, 24 and 32 bits a pixel; uncompressed, RLE8, RLE4 and bit-field masks;
 * bottom-up and top-down rows. Anything else (embedded JPEG or PNG, OS/2 v2 Huffman) is refused with
 * a BmpError, as is a header whose sizes overrun the file or exceed `maxPixels`.
 */
export class BmpError extends Error {}

export interface DecodedBitmap {
  width: number
  height: number
  /** RGBA, 4 bytes a pixel, rows top to bottom. */
  data: Buffer
}

const BI_RGB = 0
const BI_RLE8 = 1
const BI_RLE4 = 2
const BI_BITFIELDS = 3
const BI_ALPHABITFIELDS = 6

/** A channel taken out of a pixel by its mask and scaled to 0–255. */
interface Channel {
  shift: number
  max: number
  mask: number
}

function channelOf(mask: number): Channel | undefined {
  if (!mask) return undefined
  let shift = 0
  while (((mask >>> shift) & 1) === 0) shift++
  const max = mask >>> shift
  return { shift, max, mask }
}

const scale = (value: number, c: Channel | undefined, absent: number) =>
  c ? Math.round((((value & c.mask) >>> c.shift) * 255) / c.max) : absent

export function decodeBmp(file: Buffer, maxPixels = 50_000_000): DecodedBitmap {
  const need = (end: number) => {
    if (end > file.length) throw new BmpError('位图文件不完整')
  }
  need(26)
  if (file.toString('latin1', 0, 2) !== 'BM') throw new BmpError('不是位图文件')
  const pixelOffset = file.readUInt32LE(10)
  const headerSize = file.readUInt32LE(14)
  const core = headerSize === 12
  if (!core && headerSize < 40) throw new BmpError('不支持的位图格式')
  need(14 + headerSize)
  const width = core ? file.readUInt16LE(18) : file.readInt32LE(18)
  const rawHeight = core ? file.readInt16LE(20) : file.readInt32LE(22)
  const bits = core ? file.readUInt16LE(24) : file.readUInt16LE(28)
  const compression = core ? BI_RGB : file.readUInt32LE(30)
  const topDown = rawHeight < 0
  const height = Math.abs(rawHeight)
  if (width < 1 || height < 1 || width * height > maxPixels) throw new BmpError('位图尺寸超出限制')

  // Masks: in the v4/v5 header, or (v1 header) in the 12 or 16 bytes after it.
  let masks: number[] = []
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    const at = 14 + 40
    const count = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3
    need(at + count * 4)
    masks = Array.from({ length: count }, (_, i) => file.readUInt32LE(at + i * 4))
  } else if (bits === 16) masks = [0x7c00, 0x03e0, 0x001f]
  // Uncompressed 32-bit: the top byte is alpha when any pixel sets it (as browsers read it).
  else if (bits === 32) masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000]

  // The palette of 1-, 4- and 8-bit images: BGR(x) entries after the header (and any masks).
  const palette: number[][] = []
  if (bits <= 8) {
    const entry = core ? 3 : 4
    const used = core ? 0 : file.readUInt32LE(46)
    const count = Math.min(used || 1 << bits, 1 << bits)
    const at = 14 + headerSize + (compression === BI_BITFIELDS && headerSize === 40 ? 12 : 0)
    need(at + count * entry)
    for (let i = 0; i < count; i++) {
      const o = at + i * entry
      palette.push([file[o + 2]!, file[o + 1]!, file[o]!])
    }
  }

  const out = Buffer.alloc(width * height * 4)
  // Every pixel starts opaque black: RLE may skip pixels, which then stay black as other decoders draw them.
  for (let i = 3; i < out.length; i += 4) out[i] = 255
  const rowOf = (y: number) => (topDown ? y : height - 1 - y)
  const put = (x: number, fileRow: number, r: number, g: number, b: number, alpha = 255) => {
    const o = (rowOf(fileRow) * width + x) * 4
    out[o] = r
    out[o + 1] = g
    out[o + 2] = b
    out[o + 3] = alpha
  }
  const putIndex = (x: number, fileRow: number, index: number) => {
    const [r, g, b] = palette[index] ?? palette[0] ?? [0, 0, 0]
    put(x, fileRow, r!, g!, b!)
  }

  if (compression === BI_RLE8 || compression === BI_RLE4) {
    if (topDown) throw new BmpError('不支持的位图格式')
    decodeRle(file, pixelOffset, width, height, compression === BI_RLE4, putIndex)
    return { width, height, data: out }
  }
  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS)
    throw new BmpError('不支持的位图压缩方式')
  if (![1, 4, 8, 16, 24, 32].includes(bits)) throw new BmpError('不支持的位图颜色深度')

  const stride = Math.ceil((width * bits) / 32) * 4
  need(pixelOffset + stride * height)
  const [red, green, blue, alphaMask] = masks.map(channelOf)
  // An image whose alpha bits are all 0 was saved without transparency: it is opaque.
  let alphaSeen = false
  for (let row = 0; row < height; row++) {
    const start = pixelOffset + row * stride
    for (let x = 0; x < width; x++) {
      if (bits <= 8) {
        const bit = x * bits
        const byte = file[start + (bit >> 3)]!
        const index = (byte >> (8 - bits - (bit & 7))) & ((1 << bits) - 1)
        putIndex(x, row, index)
      } else if (bits === 24) {
        const o = start + x * 3
        put(x, row, file[o + 2]!, file[o + 1]!, file[o]!)
      } else {
        const value = bits === 16 ? file.readUInt16LE(start + x * 2) : file.readUInt32LE(start + x * 4)
        const alpha = scale(value, alphaMask, 255)
        if (alphaMask && alpha) alphaSeen = true
        put(x, row, scale(value, red, 0), scale(value, green, 0), scale(value, blue, 0), alpha)
      }
    }
  }
  if (alphaMask && !alphaSeen) for (let i = 3; i < out.length; i += 4) out[i] = 255
  return { width, height, data: out }
}

/** Run-length encoded 8- or 4-bit pixels (rows bottom-up, as the format requires). */
function decodeRle(
  file: Buffer,
  offset: number,
  width: number,
  height: number,
  nibbles: boolean,
  put: (x: number, row: number, index: number) => void,
) {
  let x = 0
  let row = 0
  let at = offset
  const byte = () => {
    if (at >= file.length) throw new BmpError('位图文件不完整')
    return file[at++]!
  }
  const draw = (index: number) => {
    if (x < width && row < height) put(x, row, index)
    x++
  }
  while (row < height) {
    const count = byte()
    const value = byte()
    if (count > 0) {
      // A run: `count` pixels of one index (RLE4: two alternating indexes).
      for (let i = 0; i < count; i++) draw(nibbles ? (i % 2 ? value & 15 : value >> 4) : value)
    } else if (value === 0) {
      x = 0
      row++
    } else if (value === 1) {
      return
    } else if (value === 2) {
      x += byte()
      row += byte()
    } else {
      // Absolute mode: `value` pixels as they are, padded to a 16-bit boundary.
      const bytes = nibbles ? Math.ceil(value / 2) : value
      for (let i = 0; i < value; i++) {
        if (nibbles) {
          const b = file[at + (i >> 1)] ?? 0
          draw(i % 2 ? b & 15 : b >> 4)
        } else draw(file[at + i] ?? 0)
      }
      at += bytes + (bytes % 2)
      if (at > file.length) throw new BmpError('位图文件不完整')
    }
  }
}
