import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Database } from '../../db/schema.ts'
import { nowIso } from '../../lib/time.ts'
import type { WorkerPool } from '../../workers/pool.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { type BackgroundJobs, repeat } from '../jobs/background-jobs.ts'
import type { FileStorage } from '../storage.ts'
import { CertificateFiles, certificateVerifyUrl } from './certificate-files.ts'
import {
  awardChanged,
  CORRECTION_REASON,
  issueCertificate,
  reissueCertificate,
  withdrawUncertified,
} from './certificate-records.ts'
import { certifiedEntries } from './certificates.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Competition certificates issued and drawn as jobs, their PDFs kept (services/competition/certificate-jobs.ts). */
    certificates: CertificateJobs
  }
}

const QUEUE = 'certificates'
/** The check for published competitions whose certificates job never ran to the end. */
const RECHECK_QUEUE = 'certificates-recheck'
const RECHECK_MS = 10 * 60_000

interface Job {
  competitionId: number
  /** Only this entry (a re-issue); without it, every certified entry of the competition. */
  registrationId?: number
}

const keyOf = (job: Job) =>
  job.registrationId === undefined ? String(job.competitionId) : `${job.competitionId}/${job.registrationId}`

interface Deps {
  k: Kysely<Database>
  registry: CompetitionRegistry
  jobs: BackgroundJobs
  files: CertificateFiles
  log: FastifyBaseLogger
  /** SITE_ORIGIN, which the QR code names; without it a job cannot know the origin entrants use. */
  siteOrigin: string
  basePath: string
}

/**
 * Certificates issued at publication (issue 25 item 3, README "Competition certificates" and
 * "Background work"): publishing results queues a job (queue `certificates`, one per competition)
 * that issues the certificate of every entry that has one and keeps its PDF in the object store, so
 * entrants find it made and any instance serves it; a re-issue queues one for that entry. Issuing is
 * the entrant's own issueCertificate, so a request meanwhile gets the same number. Without SITE_ORIGIN
 * the job issues the numbers only: the PDFs are then made on first download, with the visitor's origin.
 */
export class CertificateJobs {
  readonly files: CertificateFiles
  private readonly deps: Deps

  constructor(deps: Deps) {
    this.deps = deps
    this.files = deps.files
  }

  /** After a publication is committed (results/publication.ts); a failed send is logged, never thrown. */
  readonly published = (c: Competition): Promise<void> => this.send({ competitionId: c.competitionId })

  /** After a re-issue: the new number's PDF. */
  reissued(c: Competition, registrationId: number): Promise<void> {
    return this.send({ competitionId: c.competitionId, registrationId })
  }

  /**
   * After an entrant verifies their real name: the certificates that waited for it (the job at
   * publication skipped them) are issued now, one job per finalised entry of theirs; the job's own
   * rule (certifiedEntries) leaves out any whose certificates are not out or that has none.
   */
  async entrantVerified(userId: number): Promise<void> {
    // The verification is saved by now: a failure here is logged, never answered (the certificate is
    // then issued on the entrant's first request).
    const entries = await this.deps.k
      .selectFrom('competition_registrations')
      .select(['id', 'competition_id'])
      .where('user_id', '=', userId)
      .where('finalised_at', 'is not', null)
      .execute()
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error, userId }, 'certificates after verification not queued')
        return []
      })
    for (const entry of entries)
      await this.send({ competitionId: entry.competition_id, registrationId: entry.id })
  }

  async start(): Promise<void> {
    const { jobs } = this.deps
    await jobs.work<Job>(QUEUE, (job) => this.run(job), {
      // A large competition takes minutes; an instance that died is found by its silence.
      expireInSeconds: 3600,
      heartbeatSeconds: 30,
      retryLimit: 3,
      // One at a time per instance: the pool stays free for what visitors are waiting for.
      concurrency: 1,
    })
    // The in-process queue (SQLite) forgets its jobs with the process, and a send may have failed or
    // never happened (an instance killed between the publication's commit and the send): every
    // published competition whose job has not run to the end is queued again, now and every
    // RECHECK_MS (one run for all instances).
    await this.requeueUnfinished()
    await repeat(jobs, RECHECK_QUEUE, RECHECK_MS, () => this.requeueUnfinished())
  }

  /** Queues the job of every published competition whose job has not run to the end. */
  async requeueUnfinished(): Promise<void> {
    const { k, jobs } = this.deps
    const due = await k
      .selectFrom('result_publications as p')
      .leftJoin('certificate_runs as r', 'r.competition_id', 'p.competition_id')
      .select('p.competition_id')
      .where('p.status', '=', 'published')
      .where('r.competition_id', 'is', null)
      .execute()
    for (const { competition_id } of due) {
      const job = { competitionId: competition_id }
      if (!(await jobs.queued(QUEUE, keyOf(job)))) await this.send(job)
    }
  }

  private async send(job: Job): Promise<void> {
    await this.deps.jobs
      .send(QUEUE, job, { singletonKey: keyOf(job) })
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, ...job }, 'certificates not queued; issued on first request'),
      )
  }

  /** The job: each certified entry's certificate issued (or the one already current) and its PDF kept. */
  private async run(job: Job): Promise<void> {
    const { k, registry, siteOrigin, basePath } = this.deps
    const c = registry.byId(job.competitionId)
    if (!c) return
    for await (const entry of certifiedEntries(k, c, job.registrationId)) {
      let row = await issueCertificate(k, c, entry)
      // A corrected result (results/correction.ts): the old number then verifies as superseded.
      if (await awardChanged(k, c, entry, row)) {
        const done = await reissueCertificate(k, c, entry, { actorId: null, reason: CORRECTION_REASON })
        row = done && done !== 'concurrent' ? done.next : await issueCertificate(k, c, entry)
      }
      if (!siteOrigin) continue
      const url = certificateVerifyUrl(siteOrigin, basePath, row.number)
      if (!(await this.files.kept(row, url))) await this.files.make(row, url)
    }
    if (job.registrationId === undefined) await withdrawUncertified(k, c)
    if (job.registrationId === undefined)
      await k
        .insertInto('certificate_runs')
        .values({ competition_id: c.competitionId, done_at: nowIso() })
        .onConflict((oc) => oc.column('competition_id').doUpdateSet({ done_at: nowIso() }))
        .execute()
  }
}

/** Takes certificate jobs on this instance, queues again the ones lost, and gives the app `certificates`. */
export async function startCertificateJobs(
  app: FastifyInstance,
  deps: { jobs: BackgroundJobs; storage: FileStorage; workers: WorkerPool },
  /** SITE_ORIGIN and BASE_PATH, which the QR code's address is made of. */
  site: { siteOrigin?: string; basePath: string },
): Promise<CertificateJobs> {
  const certificates = new CertificateJobs({
    k: app.db.kysely,
    registry: app.competitions,
    jobs: deps.jobs,
    files: new CertificateFiles({ storage: deps.storage, workers: deps.workers, rateLimits: app.rateLimits }),
    log: app.log,
    siteOrigin: site.siteOrigin ?? '',
    basePath: site.basePath,
  })
  app.decorate('certificates', certificates)
  await certificates.start()
  return certificates
}
