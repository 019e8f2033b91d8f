import type { Limit, RateLimits } from '../rate-limits.ts'

/**
 * PDFs made once per content and kept (bounded, oldest out first): asking again for the same
 * certificate or résumé costs nothing, and a new one — CPU work in a worker thread — is first claimed
 * against a limit, so a client may have a few made a minute, not thousands. Concurrent asks for one
 * content share one making; a failed making is forgotten.
 */
export class MadeOnce {
  private readonly made = new Map<string, Promise<Buffer>>()
  private readonly max: number
  private readonly rateLimits: RateLimits

  constructor(rateLimits: RateLimits, max = 200) {
    this.rateLimits = rateLimits
    this.max = max
  }

  /**
   * The PDF for `key`, made by `make` when not kept. `claim` is the limit a new one counts against;
   * when it is used up, `refused` is thrown.
   */
  async get(
    key: string,
    claim: { key: string; limit: Limit; refused: () => Error },
    make: () => Promise<Buffer>,
  ): Promise<Buffer> {
    let pdf = this.made.get(key)
    if (!pdf) {
      const claimed = await this.rateLimits.claim(claim.key, claim.limit)
      if (!claimed.allowed) throw claim.refused()
      // Another request may have started it while this one claimed.
      pdf = this.made.get(key)
      if (!pdf) {
        if (this.made.size >= this.max) this.made.delete(this.made.keys().next().value as string)
        pdf = make()
        pdf.catch(() => this.made.delete(key))
        this.made.set(key, pdf)
      }
    }
    return pdf
  }
}
