import { createHash, randomBytes, webcrypto } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import type { KeyRing } from '../key-ring.ts'

/**
 * A local time-stamping authority (RFC 3161): it signs TimeStampTokens with a key of its own whose
 * self-signed certificate carries the critical timeStamping extended key usage, so that standard tools
 * check the tokens — `openssl ts -verify -digest <sha256> -in token.tsr -token_in -CAfile tsa.crt`.
 * The key and certificate are made on first start and kept in SECRETS_DIR (README "作品确权", "Production").
 */

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }))

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyId: '2.5.29.14',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  sha256: '2.16.840.1.101.3.4.2.1',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signedData: '1.2.840.113549.1.7.2',
} as const

/**
 * The policy under which the local TSA stamps: an OID under the "example" arc of RFC 7229-style
 * documentation (1.3.6.1.4.1.32473, IANA's example enterprise number), so it names no real policy.
 */
export const TSA_POLICY_OID = '1.3.6.1.4.1.32473.1.1'
export const TSA_NAME = '咖簿本地时间戳服务（示例）'

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const
const CERT_YEARS = 20

const name = (cn: string) =>
  new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({
        type: OID.country,
        value: new asn1js.PrintableString({ value: 'CN' }),
      }),
      new pkijs.AttributeTypeAndValue({
        type: OID.organization,
        value: new asn1js.Utf8String({ value: '咖簿网（示例）' }),
      }),
      new pkijs.AttributeTypeAndValue({ type: OID.commonName, value: new asn1js.Utf8String({ value: cn }) }),
    ],
  })

/** A positive serial number of `bytes` random bytes (top bit clear: DER integers are signed). */
function serialOf(bytes: number): { integer: asn1js.Integer; hex: string } {
  const raw = randomBytes(bytes)
  raw[0] = (raw[0]! & 0x7f) | 0x01
  return { integer: new asn1js.Integer({ valueHex: raw }), hex: raw.toString('hex') }
}

const toArrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer

async function makeCertificate(keys: CryptoKeyPair): Promise<Buffer> {
  const cert = new pkijs.Certificate()
  cert.version = 2
  cert.serialNumber = serialOf(16).integer
  cert.subject = name(TSA_NAME)
  cert.issuer = name(TSA_NAME)
  const now = new Date()
  cert.notBefore.value = new Date(now.getTime() - 3600_000)
  cert.notAfter.value = new Date(now.getTime() + CERT_YEARS * 365 * 86_400_000)
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey)
  const spki = Buffer.from(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)
  const keyId = createHash('sha1').update(spki).digest()
  // RFC 3161 §2.3: the TSA's certificate has exactly one extended key usage, timeStamping, critical;
  // OpenSSL's timestamp-signing purpose also wants key usage (if any) limited to signatures.
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0x80]).buffer, unusedBits: 7 })
  cert.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
    }),
    new pkijs.Extension({ extnID: OID.keyUsage, critical: true, extnValue: keyUsage.toBER(false) }),
    new pkijs.Extension({
      extnID: OID.extKeyUsage,
      critical: true,
      extnValue: new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema().toBER(false),
    }),
    new pkijs.Extension({
      extnID: OID.subjectKeyId,
      critical: false,
      extnValue: new asn1js.OctetString({ valueHex: toArrayBuffer(keyId) }).toBER(false),
    }),
  ]
  await cert.sign(keys.privateKey, 'SHA-256')
  return Buffer.from(cert.toSchema(true).toBER(false))
}

const pem = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${
    der
      .toString('base64')
      .match(/.{1,64}/g)
      ?.join('\n') ?? ''
  }\n-----END ${label}-----\n`
const unpem = (text: string) => Buffer.from(text.replace(/-----[^-]+-----|\s/g, ''), 'base64')

/** What a stamp returns: the DER TimeStampToken (a CMS ContentInfo) and its serial number. */
export interface Stamp {
  token: Buffer
  serial: string
}

export class LocalTsa {
  readonly certificatePem: string
  private readonly certificate: pkijs.Certificate
  private readonly certificateDer: Buffer
  private readonly privateKey: CryptoKey

  private constructor(certificateDer: Buffer, privateKey: CryptoKey) {
    this.certificateDer = certificateDer
    this.certificatePem = pem('CERTIFICATE', certificateDer)
    this.certificate = pkijs.Certificate.fromBER(new Uint8Array(certificateDer))
    this.privateKey = privateKey
  }

  /**
   * The TSA of the instances: its key and certificate from SECRETS_DIR/notary-tsa.{key,crt}, made on
   * the first start on a database (later, missing files refuse the start: the key ring). Two processes
   * starting at once: the first to write wins and both read its pair. The certificate's fingerprint is
   * checked against the database's like every shared key.
   */
  static async open(ring: KeyRing): Promise<LocalTsa> {
    const dir = ring.secretsDir
    const keyFile = path.join(dir, 'notary-tsa.key')
    const certFile = path.join(dir, 'notary-tsa.crt')
    if (!fs.existsSync(keyFile) || !fs.existsSync(certFile)) {
      if (!ring.mayCreate('notary-tsa')) throw ring.missing('notary-tsa', 'notary-tsa.key and notary-tsa.crt')
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
      const keys = (await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, [
        'sign',
        'verify',
      ])) as CryptoKeyPair
      const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey))
      const certDer = await makeCertificate(keys)
      // One file holds both until it is complete, then it is renamed: no process reads half a pair.
      const temp = path.join(dir, `.notary-tsa-${randomBytes(6).toString('hex')}`)
      fs.writeFileSync(`${temp}.key`, pem('PRIVATE KEY', pkcs8), { mode: 0o600 })
      fs.writeFileSync(`${temp}.crt`, pem('CERTIFICATE', certDer), { mode: 0o644 })
      if (!fs.existsSync(keyFile)) {
        fs.renameSync(`${temp}.crt`, certFile)
        fs.renameSync(`${temp}.key`, keyFile)
      }
      fs.rmSync(`${temp}.key`, { force: true })
      fs.rmSync(`${temp}.crt`, { force: true })
    }
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      unpem(fs.readFileSync(keyFile, 'utf8')),
      KEY_ALGORITHM,
      false,
      ['sign'],
    )
    const certificateDer = unpem(fs.readFileSync(certFile, 'utf8'))
    await ring.agree('notary-tsa', certFile, certificateDer)
    return new LocalTsa(certificateDer, key as unknown as CryptoKey)
  }

  /** A TimeStampToken over a SHA-256 digest at `at` (RFC 3161 §2.4.2 TSTInfo inside CMS SignedData). */
  async stamp(sha256: Buffer, at: Date): Promise<Stamp> {
    if (sha256.length !== 32) throw new Error('a SHA-256 digest is 32 bytes')
    const serial = serialOf(12)
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: TSA_POLICY_OID,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({
          algorithmId: OID.sha256,
          algorithmParams: new asn1js.Null(),
        }),
        hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(sha256) }),
      }),
      serialNumber: serial.integer,
      genTime: at,
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
    })
    const tstDer = Buffer.from(tstInfo.toSchema().toBER(false))
    const certHash = createHash('sha256').update(this.certificateDer).digest()
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the default
    // hash (SHA-256, so left out) and the certificate's hash: how a verifier knows which key signed.
    const signingCertificateV2 = new asn1js.Sequence({
      value: [
        new asn1js.Sequence({
          value: [
            new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) })] }),
          ],
        }),
      ],
    })
    const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] })
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(tstDer) }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: this.certificate.issuer,
            serialNumber: this.certificate.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.tstInfo })),
              attribute(OID.signingTime, new asn1js.UTCTime({ valueDate: at })),
              attribute(
                OID.messageDigest,
                new asn1js.OctetString({
                  valueHex: toArrayBuffer(createHash('sha256').update(tstDer).digest()),
                }),
              ),
              attribute(OID.signingCertificateV2, signingCertificateV2),
            ],
          }),
        }),
      ],
      certificates: [this.certificate],
    })
    await signed.sign(this.privateKey, 0, 'SHA-256')
    const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) })
    return { token: Buffer.from(contentInfo.toSchema().toBER(false)), serial: serial.hex }
  }
}
