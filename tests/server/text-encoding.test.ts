import { describe, expect, it } from 'vitest'
import { decodeText } from '../../server/services/works/text-encoding.ts'

const TEXT = '海风从窗缝里挤进来，带着一点咸味。'
// The same sentence as Windows Notepad saved Chinese for years (GBK), written out by Python's codec.
const GBK = Uint8Array.from([
  186, 163, 183, 231, 180, 211, 180, 176, 183, 236, 192, 239, 188, 183, 189, 248, 192, 180, 163, 172, 180,
  248, 215, 197, 210, 187, 181, 227, 207, 204, 206, 182, 161, 163,
])
const utf16 = (text: string, bigEndian: boolean) => {
  const out = [bigEndian ? 0xfe : 0xff, bigEndian ? 0xff : 0xfe]
  for (const ch of text) {
    const code = ch.charCodeAt(0)
    out.push(...(bigEndian ? [code >> 8, code & 255] : [code & 255, code >> 8]))
  }
  return Uint8Array.from(out)
}

describe('the text of a text work, in the encoding its author saved it (txt works, SPEC §2 registered content)', () => {
  it.each([
    ['UTF-8', new TextEncoder().encode(TEXT)],
    ['UTF-8 with a BOM', Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(TEXT)])],
    ['GBK', GBK],
    ['UTF-16 LE with its BOM', utf16(TEXT, false)],
    ['UTF-16 BE with its BOM', utf16(TEXT, true)],
  ])('reads %s', (_encoding, bytes) => {
    expect(decodeText(bytes)).toBe(TEXT)
  })

  it('drops a character cut at the end of what was read, in UTF-8 and in GBK', () => {
    const utf8 = new TextEncoder().encode(TEXT)
    expect(decodeText(utf8.subarray(0, utf8.length - 1))).toBe(TEXT.slice(0, -1))
    expect(decodeText(GBK.subarray(0, GBK.length - 1))).toBe(TEXT.slice(0, -1))
  })
})
