/**
 * The preview an EPS file carries, for the renditions of eps works. Drawing PostScript needs an
 * interpreter (Ghostscript) that a fresh machine lacks, but design programs store a bitmap preview in
 * the file for exactly this purpose, in one of two places:
 * - a DOS EPS binary header (C5 D0 D3 C6) pointing at a TIFF preview (Illustrator, CorelDRAW, …),
 *   which sharp reads;
 * - an EPSI preview: `%%BeginPreview: width height depth lines` and hex comment lines in the
 *   PostScript (Ghostscript's ps2epsi, older programs), grey levels where 0 is white.
 * A file with neither has no picture to show: `epsPreview` answers undefined and the work is shown
 * with the generic file cover.
 */
export type EpsPreview =
  | { kind: 'tiff'; data: Buffer }
  | { kind: 'grey'; width: number; height: number; data: Buffer }

const DOS_EPS_MAGIC = 0xc6d3d0c5

/** How far into the PostScript an EPSI preview may begin: it comes right after the header comments. */
const EPSI_SEARCH_BYTES = 64 * 1024

export function epsPreview(file: Buffer, maxPixels = 50_000_000): EpsPreview | undefined {
  if (file.length >= 30 && file.readUInt32LE(0) === DOS_EPS_MAGIC) {
    const tiffAt = file.readUInt32LE(20)
    const tiffLength = file.readUInt32LE(24)
    if (tiffLength > 0 && tiffAt >= 30 && tiffAt + tiffLength <= file.length)
      return { kind: 'tiff', data: file.subarray(tiffAt, tiffAt + tiffLength) }
    const psAt = file.readUInt32LE(4)
    const psLength = file.readUInt32LE(8)
    if (psAt < 30 || psAt + psLength > file.length) return undefined
    return epsiPreview(file.subarray(psAt, psAt + psLength), maxPixels)
  }
  return epsiPreview(file, maxPixels)
}

function epsiPreview(postscript: Buffer, maxPixels: number): EpsPreview | undefined {
  const head = postscript.subarray(0, EPSI_SEARCH_BYTES).toString('latin1')
  const begin = /^%%BeginPreview:\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/m.exec(head)
  if (!begin) return undefined
  const [width, height, depth] = [Number(begin[1]), Number(begin[2]), Number(begin[3])]
  if (![1, 2, 4, 8].includes(depth) || width < 1 || height < 1 || width * height > maxPixels) return undefined
  const bytesPerRow = Math.ceil((width * depth) / 8)
  const from = begin.index + begin[0].length
  const end = postscript.indexOf('%%EndPreview', from, 'latin1')
  if (end < 0) return undefined
  // The hex digits of every comment line between the two markers, in order.
  const hex = postscript
    .toString('latin1', from, end)
    .split(/\r\n|\r|\n/)
    .filter((line) => line.startsWith('%'))
    .map((line) => line.slice(1).replace(/[^0-9a-fA-F]/g, ''))
    .join('')
  const raw = Buffer.from(hex.slice(0, (hex.length >> 1) << 1), 'hex')
  if (raw.length < bytesPerRow * height) return undefined
  const grey = Buffer.alloc(width * height)
  const levels = (1 << depth) - 1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = x * depth
      const value = (raw[y * bytesPerRow + (bit >> 3)]! >> (8 - depth - (bit & 7))) & levels
      grey[y * width + x] = 255 - Math.round((value * 255) / levels)
    }
  }
  return { kind: 'grey', width, height, data: grey }
}
