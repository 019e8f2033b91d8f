import path from 'node:path'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import type { Agreement } from '../schemas/api/content.ts'
import { API_BASE } from '../schemas/contract.ts'
import { DEFAULT_CERT_FEE_FEN, type ServerConfig } from './config.ts'
import { connect, type Db } from './db/connect.ts'
import { migrate } from './db/migrate.ts'
import { seedAtStart } from './db/seed/index.ts'
import { StartLock } from './db/start-lock.ts'
import { AccessLog, logOptions } from './lib/log-options.ts'
import { registerApiDocs } from './plugins/api-docs.ts'
import { registerAuth } from './plugins/auth.ts'
import { registerCompression } from './plugins/compression.ts'
import { registerCrossSiteGuard } from './plugins/cross-site.ts'
import { DEFAULT_REQUEST_TIMEOUT_MS, errorServerOptions, registerErrorHandling } from './plugins/errors.ts'
import { registerJsonBody } from './plugins/json-body.ts'
import { PageCache } from './plugins/page-cache.ts'
import type { Answer as RenderedPage, RenderTimes } from './plugins/page-render.ts'
import { registerSecurity } from './plugins/security.ts'
import { registerShutdownGuard } from './plugins/shutdown.ts'
import { registerSpa } from './plugins/spa.ts'
import { registerTextGuard } from './plugins/text-guard.ts'
import { handoffRouteUrl } from './routes/handoff.ts'
import { ROUTE_MODULES } from './routes/registry.ts'
import { loadAgreements } from './services/agreements.ts'
import { DownloadLinks } from './services/articles/download-links.ts'
import { startCertificateJobs } from './services/competition/certificate-jobs.ts'
import { decorateCompetitions } from './services/competition/decorate.ts'
import { CompetitionRegistry } from './services/competitions.ts'
import { demoDataRequested, guardDemoData } from './services/demo-data.ts'
import { EventRegistry } from './services/events.ts'
import { EXPORT_CLEAN_MS, EXPORT_CLEAN_QUEUE, ExportFiles } from './services/exports/export-files.ts'
import { HandoffCodes } from './services/handoff.ts'
import { IdentityVault } from './services/identity-vault.ts'
import { type BackgroundJobs, InProcessJobs, repeat } from './services/jobs/background-jobs.ts'
import { PostgresJobs } from './services/jobs/postgres-jobs.ts'
import { KeyRing } from './services/key-ring.ts'
import type { LandingPageInfo } from './services/landing-index.ts'
import { DefinitionReloads, LiveDefinitions } from './services/live-definitions.ts'
import { LoginThrottle } from './services/login-throttle.ts'
import { ScheduleOverrides } from './services/manage/schedule-cache.ts'
import { createNotary, DEFAULT_NOTARY } from './services/notary/index.ts'
import { openObjectStore } from './services/object-store.ts'
import type { MessageSettings } from './services/outbox/settings.ts'
import { type Outbox, startOutbox } from './services/outbox/start.ts'
import { decoratePayments } from './services/payment/decorate.ts'
import { createPaymentProvider } from './services/payment/index.ts'
import { startOrderExpiry } from './services/payment/order-expiry.ts'
import { SandboxPaymentProvider } from './services/payment/sandbox.ts'
import { guardPlaceholderArt } from './services/placeholder-art.ts'
import { PublicVersions } from './services/public-versions.ts'
import { RateLimits } from './services/rate-limits.ts'
import { ReferenceStore } from './services/reference-data.ts'
import { ReferenceWatcher } from './services/reference-versions.ts'
import { QueuedResultsScheduler } from './services/results/queued-scheduler.ts'
import { type ResultsScheduler, TimerResultsScheduler } from './services/results/scheduler.ts'
import { guardSandboxes, isProduction } from './services/sandboxes.ts'
import { SiteCache } from './services/site-cache.ts'
import { syncFileBackedSearchDocs } from './services/site-search-docs.ts'
import { FileStorage, staleTempAfterMs, sweepTempFiles } from './services/storage.ts'
import { VerificationCodes } from './services/verification-codes.ts'
import { createWechatOAuth } from './services/wechat/index.ts'
import type { WechatOAuth } from './services/wechat/provider.ts'
import { SandboxWechat } from './services/wechat/sandbox.ts'
import { OAuthStates } from './services/wechat/state.ts'
import { startRenditionJobs } from './services/works/rendition-jobs.ts'
import { Renditions } from './services/works/renditions.ts'
import { type PoolOptions, WorkerPool } from './workers/pool.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** Campaign pages from DEFINITIONS_ROOT's landing-pages/, as last read (services/live-definitions.ts). */
    landing: Map<string, LandingPageInfo>
    /** Reloads of the definition files asked for on this instance (the console's button). */
    definitionReloads: DefinitionReloads
    /** The agreements of content/agreements/, read once at start. */
    agreements: Map<string, Agreement>
    /** Counters every instance on the database shares (sign-in, SMS). */
    rateLimits: RateLimits
    loginThrottle: LoginThrottle
    /** SMS and e-mail codes for password reset and sign-up. */
    verificationCodes: VerificationCodes
    wechat: WechatOAuth
    oauthStates: OAuthStates
    /** Header menu and footer partners from memory, fresh across instances (services/site-cache.ts). */
    siteCache: SiteCache
    /** Rendered public pages, emptied on every instance when what they show changes (plugins/page-cache.ts). */
    pageCache: PageCache<RenderedPage>
    /** The console's dates over the files' (services/manage/schedule-cache.ts). */
    schedule: ScheduleOverrides
    /** One-time codes that sign another browser in (/redirect). */
    handoff: HandoffCodes
    /** The threads that render pages and draw PDFs and pictures (server/workers/pool.ts). */
    workers: WorkerPool
    /** Publishes results at their scheduled time (services/results/scheduler.ts). */
    resultsScheduler: ResultsScheduler
    /** The organisers' exports, made as background jobs (services/exports/export-files.ts). */
    exportFiles: ExportFiles
    /** Work pictures resized for cards and the detail view, made once (services/works/renditions.ts). */
    renditions: Renditions
    /** Background work: the PostgreSQL queue, or in-process with SQLite (services/jobs/background-jobs.ts). */
    jobs: BackgroundJobs
    /** Delivery of the message outboxes (services/outbox/start.ts). */
    outbox: Outbox
  }
}

export type AppConfig = Pick<
  ServerConfig,
  'dataDir' | 'databaseUrl' | 'staticDir' | 'basePath' | 'sessionTtlMs'
> &
  Partial<
    Pick<
      ServerConfig,
      | 'secretsDir'
      | 'storage'
      | 'certFeeFen'
      | 'paymentProvider'
      | 'wechatProvider'
      | 'messages'
      | 'notaryProvider'
      | 'definitionsRoot'
      | 'watchDefinitions'
      | 'demoData'
    >
  > & {
    logLevel?: string
    /** Where log lines go (stdout by default); tests read them. */
    logStream?: NodeJS.WritableStream
    /** ACCESS_LOG_SAMPLE: the share of successful requests written to the access log (1 = all). */
    accessLogSample?: number
    /** Which proxies may set the client address (TRUST_PROXY); none by default. */
    trustProxy?: ServerConfig['trustProxy']
    /** How long a whole request may take to arrive (REQUEST_TIMEOUT_MS); see errorServerOptions. */
    requestTimeoutMs?: number
    /** SITE_ORIGIN: where share tags point; the request's own origin when empty. */
    siteOrigin?: string
    /** How often reference data is checked for changes by other instances (REFERENCE_POLL_MS by default). */
    referencePollMs?: number
    /** BAIDU_SITE_VERIFICATION: what /site-verify-bd serves (the environment's value when not given). */
    baiduSiteVerification?: string
    /** WORKER_THREADS and WORKER_QUEUE: the pool that renders pages and draws PDFs and pictures. */
    workers?: PoolOptions
    /** RENDER_LIMIT: uncached page renders a client address may cause a minute. */
    renderLimit?: number
    /** New page renders one client may have under way at once (3): the benches, one client, raise it. */
    rendersAtOnce?: number
    /** How long a visitor waits for a page being rendered, and a render may run (20 s each); tests shorten them. */
    renderTimes?: RenderTimes
    /** How often leftover temporary upload files are looked for (UPLOAD_SWEEP_MS); tests shorten it. */
    uploadSweepMs?: number
    /** How often scheduled result publications are read again (60 s); tests shorten it. */
    resultsPollMs?: number
  }

/** Leftover temporary upload files are looked for at start and this often (README "Operations"). */
const UPLOAD_SWEEP_MS = 10 * 60_000

/**
 * Removes what interrupted uploads left in DATA_DIR/files at start, then every `everyMs` until the
 * server closes. The timer never keeps the process alive.
 */
async function startTempSweeper(
  app: FastifyInstance,
  storage: FileStorage,
  options: { staleAfterMs: number; everyMs: number },
): Promise<void> {
  const sweep = async () => {
    const removed = await sweepTempFiles(storage, options.staleAfterMs)
    if (removed) app.log.info(`removed ${removed} temporary file(s) of interrupted uploads`)
  }
  await sweep()
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => app.log.warn({ err: error }, 'temporary upload files not swept'))
  }, options.everyMs)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}

/** Agreements and other editorial files. */
const CONTENT_DIR = path.resolve(import.meta.dirname, '../content')
/**
 * Where competitions/, events/, landing-pages/ (pages and the _shared/ fragments they, competitions and
 * events include) and public/ are read from unless DEFINITIONS_ROOT says otherwise: the repository.
 * All are read through the definitions core, as `npm run check:definitions` reads them.
 */
const DEFAULT_DEFINITIONS_ROOT = path.resolve(import.meta.dirname, '..')

/**
 * Every body Fastify parses (JSON, the only kind most routes take) beyond this is refused with 413.
 * The sandbox cashier's HTML forms have a smaller limit of their own (lib/html.ts); file uploads are
 * streamed by multipart under its limits (plugins/uploads.ts), not read against this one.
 */
const BODY_LIMIT = 1024 * 1024

/** How long a stop waits for the background jobs under way on this instance (the rest stay queued). */
const JOBS_STOP_MS = 5_000

/** No gateway unless configured: the messages stay in the outboxes for the local mailbox. */
const SANDBOX_MESSAGES: MessageSettings = { provider: 'sandbox' }

/** Builds the whole server: plugins first, then routes. Does not listen. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const start: { lock?: StartLock } = {}
  try {
    return await buildAppInTurn(config, start)
  } finally {
    // Released once the start's writes are done, and also when the start fails half-way.
    await start.lock?.release()
  }
}

async function buildAppInTurn(config: AppConfig, start: { lock?: StartLock }): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent' && !config.logStream
        ? false
        : logOptions(config.logLevel === 'silent' ? 'info' : (config.logLevel ?? 'info'), config.logStream),
    // One compact access line a request (README "Logs").
    logController: new AccessLog(config.accessLogSample),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from proxies the operator names: anyone can send the header.
    trustProxy: config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Every spelling the SPA's router opens as the hand-off page reaches /redirect (README "Security").
    rewriteUrl: (req) => handoffRouteUrl(req.url ?? '/', config.basePath),
    // Fastify's own errors and connection errors in the envelope; REQUEST_TIMEOUT_MS bounds a slow request.
    ...errorServerOptions(config.requestTimeoutMs),
    // A request arriving on an open connection while the server stops is answered, with `Connection:
    // close` (plugins/shutdown.ts), not Fastify's 503: a proxy cannot resend a POST it has sent.
    return503OnClosing: false,
  })

  // Before anything opens: a refused start leaves no connection or file behind.
  guardSandboxes(app, {
    payment: config.paymentProvider ?? 'sandbox',
    wechat: config.wechatProvider ?? 'sandbox',
    messages: (config.messages ?? SANDBOX_MESSAGES).provider,
  })
  // Demo data as SEED_DEMO says (development by default) unless the caller decides; never in
  // production without ALLOW_DEMO_DATA=1 (README "Seeding").
  const demoData = config.demoData ?? demoDataRequested()
  guardDemoData(demoData)
  // Every definition is checked before the database opens: an invalid one stops the start with the
  // checker's messages (file, path, reason), as `npm run check:definitions` prints them.
  const definitionsRoot = config.definitionsRoot ?? DEFAULT_DEFINITIONS_ROOT
  const competitions = new CompetitionRegistry(definitionsRoot)
  competitions.load()
  // Images and PDFs under public/ are named with their content hashes wherever a definition names them.
  const publicDir = path.join(definitionsRoot, 'public')
  const versions = new PublicVersions(publicDir)
  competitions.stampWith((c) => versions.stamp(c))
  // Event pages (events/*.json), checked by the same core; read again with every reload.
  const events = new EventRegistry(definitionsRoot, competitions, (value) => versions.stamp(value))
  // Placeholder art (the template cover, the demo banner…) is refused in production, warned otherwise.
  guardPlaceholderArt(definitionsRoot, app.log)
  const db = connect(config)
  app.decorate('db', db)
  app.addHook('onClose', async () => {
    await db.kysely.destroy()
  })
  // Instances starting together on one database make the start's writes in turn (README "Operations").
  start.lock = await StartLock.acquire(db, config.dataDir)
  await migrate(db)
  // A new definition needs no SQL: each start upserts every competition (a removed file's row stays, inactive).
  await competitions.sync(db.kysely)
  decorateCompetitions(app, competitions)
  // The keys every instance shares, checked against the database's fingerprints (README "Production").
  const keys = await KeyRing.open(db.kysely, config.secretsDir ?? path.join(config.dataDir, 'secrets'))
  const vault = new IdentityVault(await keys.key('identity'))
  const storage = new FileStorage(config.dataDir, await openObjectStore(config.storage))
  app.decorate('storage', storage)
  await startTempSweeper(app, storage, {
    staleAfterMs: staleTempAfterMs(config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    everyMs: config.uploadSweepMs ?? UPLOAD_SWEEP_MS,
  })
  // Rights-confirmed works: the notary adapter (README "作品确权"), which the demo works go through.
  const notary = await createNotary(config.notaryProvider ?? DEFAULT_NOTARY, keys, db.kysely)
  app.decorate('notary', notary)
  // Reference data always, demo data when asked; nothing written when nothing changed.
  await seedAtStart({ db, vault, storage, notary, feeFen: config.certFeeFen, demo: demoData, log: app.log })
  const workers = new WorkerPool(config.workers)
  app.decorate('workers', workers)
  app.addHook('onClose', () => workers.close())
  app.decorate('agreements', loadAgreements(path.join(CONTENT_DIR, 'agreements')))
  const pageCache = new PageCache<RenderedPage>()
  // Competitions, campaign pages, menu columns and agreements join the site search; again after a reload.
  const syncSearch = () =>
    syncFileBackedSearchDocs(db, {
      competitions: competitions.all(),
      landing: app.landing.values(),
      agreements: app.agreements.values(),
    }).then(
      () => undefined,
      // Not fatal, at start or after a reload: a stale search index must not keep the site down (a
      // full disk when a competition's stage has moved, say); the next start or reload tries again.
      (error: unknown) => app.log.error({ err: error }, 'search index not refreshed'),
    )
  // The definition files in service, read again on every instance when a reload is recorded (README
  // "定义文件的重新读取"); the campaign pages the start checked above, from the same root.
  const definitions = new LiveDefinitions({
    db: db.kysely,
    root: definitionsRoot,
    competitions,
    events,
    workers,
    log: app.log,
    versions,
    onRead: async () => {
      await pageCache.reload()
      await syncSearch()
    },
  })
  app.decorate('landing', { getter: () => definitions.landing })
  // From memory, reloaded on every instance when its tables change (README "Reference data from memory").
  const referenceStore = new ReferenceStore(db.kysely)
  const siteCache = new SiteCache(db.kysely)
  // The console's dates into the competitions, before the page cache empties (README "The schedule in the console").
  const schedule = new ScheduleOverrides(db.kysely, competitions)
  const watcher = new ReferenceWatcher({
    db: db.kysely,
    caches: [referenceStore, siteCache, schedule, definitions, pageCache],
    log: app.log,
    databaseUrl: config.databaseUrl,
    pollMs: config.referencePollMs,
  })
  await watcher.start()
  // preClose: before the onClose hook above destroys the connection pool.
  app.addHook('preClose', () => watcher.stop())
  const reloads = new DefinitionReloads({
    db: db.kysely,
    root: definitionsRoot,
    workers,
    applyHere: async () => {
      await watcher.check()
      await definitions.settled()
    },
  })
  app.decorate('definitionReloads', reloads)
  // A file replaced under public/ is named by its new hash at once, on every page (production too).
  versions.watch(app.log, () => {
    definitions
      .publicFilesChanged()
      .catch((error: unknown) => app.log.error({ err: error }, 'public/ changes not applied'))
  })
  app.addHook('preClose', async () => versions.close())
  app.decorate('reference', { getter: () => referenceStore.current })
  app.decorate('siteCache', siteCache)
  app.decorate('pageCache', pageCache)
  app.decorate('schedule', schedule)
  app.decorate('vault', vault)
  const rateLimits = new RateLimits(db.kysely)
  app.decorate('rateLimits', rateLimits)
  app.decorate('loginThrottle', new LoginThrottle(rateLimits))
  app.decorate('verificationCodes', new VerificationCodes(app))
  const wechat = await createWechatOAuth(config.wechatProvider ?? 'sandbox', keys, rateLimits)
  app.decorate('wechat', wechat)
  const signingKey = await keys.key('signing')
  app.decorate('oauthStates', new OAuthStates(signingKey))
  app.decorate('downloadLinks', new DownloadLinks(signingKey))
  app.decorate('handoff', new HandoffCodes(signingKey, db.kysely, rateLimits))
  await syncSearch()
  await start.lock.release()
  if (config.watchDefinitions) {
    reloads.watch(app.log)
    app.addHook('preClose', () => reloads.close())
  }
  // Scheduled result publications: the due ones now (a restart loses none), the rest on timers.
  // Background work: jobs on the PostgreSQL queue when there is one, timers in-process on SQLite.
  const jobs: BackgroundJobs = config.databaseUrl
    ? await PostgresJobs.start(config.databaseUrl, app.log)
    : new InProcessJobs(app.log)
  app.addHook('preClose', () => jobs.stop(JOBS_STOP_MS))
  // Before the scheduler, whose start may publish: each publication queues its certificates.
  const { published } = await startCertificateJobs(app, { jobs, storage, workers }, config)
  const resultsScheduler: ResultsScheduler = config.databaseUrl
    ? new QueuedResultsScheduler(db.kysely, competitions, app.log, jobs, published)
    : new TimerResultsScheduler(db.kysely, competitions, app.log, published, config.resultsPollMs)
  app.decorate('resultsScheduler', resultsScheduler)
  app.addHook('preClose', async () => resultsScheduler.close())
  await resultsScheduler.start()
  const exportFiles = new ExportFiles(
    {
      db,
      registry: competitions,
      // Read at each use: the reference data is replaced when its tables change.
      get reference() {
        return referenceStore.current
      },
      storage,
      log: app.log,
    },
    jobs,
  )
  app.decorate('exportFiles', exportFiles)
  await exportFiles.start()
  const renditions = new Renditions(config.dataDir, storage, workers)
  app.decorate('renditions', renditions)
  app.decorate('jobs', jobs)
  await startRenditionJobs(jobs, renditions)
  // Texts and e-mails: delivered from the outboxes by jobs, with a gateway (README "Messages").
  const outbox = await startOutbox(config.messages ?? SANDBOX_MESSAGES, {
    db: db.kysely,
    jobs,
    log: app.log,
  })
  app.decorate('outbox', outbox)
  app.addHook('onClose', async () => outbox.close())
  await repeat(jobs, EXPORT_CLEAN_QUEUE, EXPORT_CLEAN_MS, async () => {
    const removed = await exportFiles.removeExpired()
    if (removed) app.log.info(`removed ${removed} expired export file(s)`)
  })
  // QR and online orders past their expiry, stored as closed (they already read so: orders.ts).
  await startOrderExpiry(jobs, db.kysely, app.log)
  const paymentProvider = await createPaymentProvider(config.paymentProvider ?? 'sandbox', keys)
  decoratePayments(app, db.kysely, paymentProvider)

  registerErrorHandling(app)
  registerJsonBody(app)
  registerTextGuard(app)
  await registerSecurity(app)
  registerShutdownGuard(app)
  await registerCompression(app)
  registerAuth(app)
  registerCrossSiteGuard(app, { siteOrigin: config.siteOrigin })
  // Before the routes: it sets their validator compiler and collects them for /api/docs.
  await registerApiDocs(app)

  // Every module of server/routes/ (the generated registry) under /api with the same options, in
  // file-name order: each is its own encapsulated plugin (none adds a hook or decoration outside
  // itself), so the order decides nothing but the order of the API document's paths. Named here
  // are only the modules registered otherwise: a sandbox's routes, and the hand-off's site path.
  const { handoff, sandboxCashier, sandboxMailbox, sandboxWechat, ...apiModules } = ROUTE_MODULES
  const routeOptions = {
    sessionTtlMs: config.sessionTtlMs,
    siteOrigin: config.siteOrigin,
    basePath: config.basePath,
    dataDir: config.dataDir,
    certFeeFen: config.certFeeFen ?? DEFAULT_CERT_FEE_FEN,
    events,
    siteVerification: config.baiduSiteVerification ?? process.env.BAIDU_SITE_VERIFICATION,
  }
  // A module whose options this object lacks fails the typecheck here.
  const apiRoutes: Array<FastifyPluginAsync<typeof routeOptions>> = Object.values(apiModules)
  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes, routeOptions)
      // The sandbox's mailbox serves this machine, never production, and never beside a real gateway.
      if (!isProduction() && app.outbox.delivery === null) await api.register(sandboxMailbox)
      if (wechat instanceof SandboxWechat)
        await api.register(sandboxWechat, { provider: wechat, siteOrigin: config.siteOrigin })
      if (paymentProvider instanceof SandboxPaymentProvider)
        await api.register(sandboxCashier, { provider: paymentProvider })
    },
    { prefix: API_BASE },
  )

  // Its /redirect is a site path under BASE_PATH, so it spells its URLs (the /api ones too) itself.
  await app.register(handoff, {
    basePath: config.basePath,
    sessionTtlMs: config.sessionTtlMs,
    siteOrigin: config.siteOrigin,
  })
  await registerSpa(app, {
    staticDir: config.staticDir,
    // Images staff add for a definition after the build are served from public/ itself.
    publicDir,
    versions,
    basePath: config.basePath,
    siteOrigin: config.siteOrigin,
    renderLimit: config.renderLimit,
    rendersAtOnce: config.rendersAtOnce,
    renderTimes: config.renderTimes,
    events: () => events.routes(),
  })
  return app
}
