import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { LocalChain } from './local-chain.ts'
import type { LocalTsa } from './local-tsa.ts'
import type { NotaryDeposit, NotaryProvider } from './provider.ts'

/**
 * The default notary: a time-stamping authority and a hash chain run by this server. Its tokens are
 * real RFC 3161 tokens any openssl checks, but the authority is our own key, not a national time
 * service, and the chain is a table of ours: the names say so (（示例）).
 */
export class LocalNotary implements NotaryProvider {
  readonly name = 'local'
  readonly org = '咖簿公证云存证平台（示例）'
  readonly chainName = '本地存证链（示例）'
  readonly tsa: LocalTsa
  readonly chain: LocalChain

  constructor(tsa: LocalTsa, db: Kysely<Database>) {
    this.tsa = tsa
    this.chain = new LocalChain(db)
  }

  async deposit(worksHash: string, at: Date): Promise<NotaryDeposit> {
    const stamp = await this.tsa.stamp(Buffer.from(worksHash, 'hex'), at)
    const chain = await this.chain.append(worksHash, at.toISOString())
    return {
      timestampToken: stamp.token,
      timestampSerial: stamp.serial,
      tsaCertificate: this.tsa.certificatePem,
      chain,
    }
  }
}
