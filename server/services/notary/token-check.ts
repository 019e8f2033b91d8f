import { webcrypto } from 'node:crypto'
import * as pkijs from 'pkijs'

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }))

const der = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer
/** id-data: the content type whose signature pkijs checks without interpreting the content. */
const PLAIN_DATA = '1.2.840.113549.1.7.1'
const unpem = (text: string) => Buffer.from(text.replace(/-----[^-]+-----|\s/g, ''), 'base64')

/**
 * Whether an RFC 3161 token (DER) is over `sha256` (hex) with serial `serial` (hex) and its CMS
 * signature verifies with the TSA certificate `tsaPem`: what `openssl ts -verify` checks, done here so
 * the public verification page can say so. Any malformed token is simply not valid.
 */
export async function tokenCovers(
  token: Buffer,
  sha256: string,
  serial: string,
  tsaPem: string,
): Promise<boolean> {
  try {
    const info = pkijs.ContentInfo.fromBER(der(token))
    const signed = new pkijs.SignedData({ schema: info.content })
    const content = signed.encapContentInfo.eContent
    if (!content) return false
    const tst = pkijs.TSTInfo.fromBER(content.getValue())
    const imprint = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex')
    const tokenSerial = Buffer.from(tst.serialNumber.valueBlock.valueHexView).toString('hex')
    if (imprint !== sha256 || tokenSerial !== serial) return false
    const certificate = pkijs.Certificate.fromBER(der(unpem(tsaPem)))
    // pkijs checks a TSTInfo's imprint against the stamped data itself, which we do not keep (only its
    // hash, compared above): the signature over the TSTInfo bytes is checked as plain signed data.
    const tstBytes = content.getValue()
    signed.encapContentInfo.eContentType = PLAIN_DATA
    const result = await signed.verify({
      signer: 0,
      trustedCerts: [certificate],
      checkChain: false,
      data: tstBytes,
    })
    return result === true
  } catch {
    return false
  }
}
