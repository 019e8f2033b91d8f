/**
 * An RLE8 Windows bitmap like the review's (≈210 KB on disk, millions of pixels once decoded): stripes
 * of 60-pixel runs whose colours shift with `seed`, so each seed is a different file (a rendition is
 * made once per file) at the same decoding cost.
 */
export function rle8Bitmap(seed: number, width = 3000, height = 2000): Buffer {
  const RUN = 60
  const palette = Buffer.alloc(256 * 4)
  for (let i = 0; i < 256; i++)
    palette.writeUInt32LE(((i * 97 + seed) & 0xff) | ((i * 31) << 8) | ((i * 7) << 16), i * 4)
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row: number[] = []
    for (let x = 0; x < width; x += RUN) row.push(Math.min(RUN, width - x), (x / RUN + y + seed) & 0xff)
    row.push(0, 0) // end of line
    rows.push(Buffer.from(row))
  }
  rows.push(Buffer.from([0, 1])) // end of bitmap
  const pixels = Buffer.concat(rows)
  const offset = 14 + 40 + palette.length
  const header = Buffer.alloc(54)
  header.write('BM', 0, 'latin1')
  header.writeUInt32LE(offset + pixels.length, 2)
  header.writeUInt32LE(offset, 10)
  header.writeUInt32LE(40, 14)
  header.writeInt32LE(width, 18)
  header.writeInt32LE(height, 22)
  header.writeUInt16LE(1, 26)
  header.writeUInt16LE(8, 28)
  header.writeUInt32LE(1, 30) // BI_RLE8
  header.writeUInt32LE(pixels.length, 34)
  header.writeUInt32LE(256, 46)
  return Buffer.concat([header, palette, pixels])
}
