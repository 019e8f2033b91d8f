/**
 * The text of a text work as its author wrote it. Windows Notepad saved Chinese as GBK (ANSI) for
 * decades and as UTF-16 ("Unicode") on request; newer editors save UTF-8, with or without a BOM. The
 * bytes decide: a UTF-16 BOM, else UTF-8 when every byte sequence is valid UTF-8, else GB 18030 (a
 * superset of GBK and GB 2312). `bytes` may be the beginning of a longer file: a character cut at the
 * end is dropped rather than shown as �.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', bytes.subarray(2))
  try {
    // fatal: an invalid sequence throws; stream: a sequence cut at the end is held back, not invalid.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes, { stream: true })
  } catch {
    return decode('gb18030', bytes)
  }
}

const decode = (encoding: string, bytes: Uint8Array) =>
  new TextDecoder(encoding, { fatal: false }).decode(bytes, { stream: true })
