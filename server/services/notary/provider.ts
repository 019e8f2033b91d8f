/**
 * How the portal deposits a work's evidence with a notary platform (README "作品确权"): a trusted
 * timestamp over the rights statement's hash and a record on a chain. The portal keeps the works, the
 * files and the certificates; a notary only vouches for "this hash existed at this time".
 * A real notary cloud (a notarial office's e-data custody service and its blockchain) implements this
 * interface and is named by NOTARY_PROVIDER; the local one is the default.
 */

/** A record the chain keeps of one deposit. */
export interface ChainRecord {
  /** The record's place in the chain (1 for the first). */
  height: number
  /** SHA-256 of the record, covering the previous record's hash and the deposited hash. */
  hash: string
}

export interface NotaryDeposit {
  /** RFC 3161 TimeStampToken (DER): TSTInfo over the statement's SHA-256, signed by the TSA. */
  timestampToken: Buffer
  /** The token's serial number (hex). */
  timestampSerial: string
  /** PEM certificate of the key that signed the token: what `openssl ts -verify -CAfile` trusts. */
  tsaCertificate: string
  chain: ChainRecord
}

declare module 'fastify' {
  interface FastifyInstance {
    notary: NotaryProvider
  }
}

export interface NotaryProvider {
  /** NOTARY_PROVIDER's value, stored with each work. */
  readonly name: string
  /** The platform named on certificates (org, SPEC §3). */
  readonly org: string
  /** The chain named on certificates. */
  readonly chainName: string
  /**
   * Deposits a statement's SHA-256 (hex) at `at`: a timestamp token and a chain record. Called once per
   * work, before the work's row is written.
   */
  deposit(worksHash: string, at: Date): Promise<NotaryDeposit>
}
