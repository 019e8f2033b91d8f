import os from 'node:os'
import path from 'node:path'
import { parseAccessLogSample } from './lib/log-options.ts'
import { demoDataRequested } from './services/demo-data.ts'
import { parseStorage, type StorageSettings } from './services/object-store.ts'
import { type MessageSettings, parseMessages } from './services/outbox/settings.ts'

/** Everything the server reads from the environment, read once at start. */
export interface ServerConfig {
  port: number
  host: string
  /** Folder for the SQLite file and uploaded files. */
  dataDir: string
  /**
   * SECRETS_DIR: the folder of the keys made on first start (DATA_DIR/secrets by default). Instances
   * on one database share it, or the keys' variables (README "Production").
   */
  secretsDir: string
  /** STORAGE (local or s3) and the S3_* settings: where the instances share their files. */
  storage: StorageSettings
  /** postgres://… selects PostgreSQL; empty means the embedded SQLite database. */
  databaseUrl: string
  /** Folder with the built SPA; missing in API-only runs (tests, dev). */
  staticDir: string
  /** Base path the SPA was built for (staging prefix), always starting and ending with '/'. */
  basePath: string
  /** How long a sign-in lasts. */
  sessionTtlMs: number
  logLevel: string
  /** ACCESS_LOG_SAMPLE: the share of successful requests the access log writes (refusals and errors always). */
  accessLogSample: number
  /** How long a whole request (headers and body) may take to arrive before it is answered 408 and closed. */
  requestTimeoutMs: number
  /** SHUTDOWN_TIMEOUT_MS: how long a stop (SIGTERM, SIGINT) may take before the process exits anyway. */
  shutdownTimeoutMs: number
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): false (default) trusts none;
   * a list names addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal).
   */
  trustProxy: boolean | string[]
  /**
   * The public origin (https://www.example.org) that share tags and canonical links of server-rendered
   * pages point at; empty means the origin each request arrived on.
   */
  siteOrigin: string
  /** CERT_FEE_FEN: the yearly certification fee in fen (29800 = ¥298.00). */
  certFeeFen: number
  /** PAYMENT_PROVIDER: which payment adapter collects QR and online payments (sandbox by default). */
  paymentProvider: string
  /** MESSAGE_PROVIDER (sandbox by default) and the gateway's SMTP_URL, MAIL_FROM, SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN. */
  messages: MessageSettings
  /** WECHAT_PROVIDER: which WeChat sign-in adapter (sandbox by default). */
  wechatProvider: string
  /** NOTARY_PROVIDER: which notary adapter timestamps and records rights-confirmed works (local by default). */
  notaryProvider: string
  /**
   * DEFINITIONS_ROOT: the folder holding competitions/, landing-pages/ and public/ whose definitions the
   * server checks and serves (the repository by default).
   */
  definitionsRoot: string
  /** Re-load competitions/ when a file is saved: on outside production. */
  watchDefinitions: boolean
  /** WORKER_THREADS and WORKER_QUEUE (server/workers/pool.ts). */
  workers: { threads: number; queue: number }
  /** RENDER_LIMIT: uncached page renders a client address may cause a minute. */
  renderLimit: number
  /**
   * SEED_DEMO: whether a start adds the demo data (accounts with a published password, demo people,
   * works and news). Development by default; production only with SEED_DEMO=1 and ALLOW_DEMO_DATA=1.
   */
  demoData: boolean
}

/** WORKER_QUEUE default: tasks that may wait for a worker thread before requests are answered 503. */
export const DEFAULT_WORKER_QUEUE = 64
/** RENDER_LIMIT default: uncached page renders a client address may cause a minute. */
export const DEFAULT_RENDER_LIMIT = 300

/** A whole number from `min` up, or the fallback when unset; refused at start otherwise. */
export function parseCount(raw: string | undefined, fallback: number, name: string, min = 1): number {
  if (raw === undefined || raw.trim() === '') return fallback
  if (!/^\d{1,7}$/.test(raw.trim()) || Number(raw) < min)
    throw new Error(`${name} must be a whole number of at least ${min}, not ${JSON.stringify(raw)}`)
  return Number(raw)
}

/** A positive whole number of fen: money never passes through floating point. */
export function parseFen(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) <= 0) {
    throw new Error(
      `${name} must be a positive whole number of fen (29800 = ¥298.00), not ${JSON.stringify(raw)}`,
    )
  }
  return Number(raw)
}

export function parseTrustProxy(raw: string | undefined): ServerConfig['trustProxy'] {
  const value = (raw ?? '').trim()
  if (!value || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) {
    // Fastify 5 ignores hop counts (it cannot tell the proxy from a client that sends enough hops).
    throw new Error('TRUST_PROXY takes the proxy addresses (e.g. 127.0.0.1 or 10.0.0.0/8), not a hop count')
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export function normaliseBasePath(raw: string | undefined): string {
  const trimmed = (raw ?? '/').trim().replace(/^\/+|\/+$/g, '')
  return trimmed ? `/${trimmed}/` : '/'
}

/** SITE_ORIGIN: scheme and host only, so a typo fails at start instead of in every share card. */
export function parseSiteOrigin(raw: string | undefined): string {
  if (!raw) return ''
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(
      `SITE_ORIGIN must be an origin such as https://www.example.org, not ${JSON.stringify(raw)}`,
    )
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `SITE_ORIGIN must be an origin such as https://www.example.org, not ${JSON.stringify(raw)}`,
    )
  }
  return url.origin
}

/** A whole number of milliseconds above 0, or the fallback when unset. */
export function parseMilliseconds(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) <= 0) {
    throw new Error(`${name} must be a whole number of milliseconds above 0, not ${JSON.stringify(raw)}`)
  }
  return Number(raw)
}

/**
 * SHUTDOWN_TIMEOUT_MS by default: 10 s, within the grace period process managers give before they
 * kill (Docker 10 s, Kubernetes 30 s, systemd 90 s).
 */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000

/** ¥298.00 a year unless CERT_FEE_FEN says otherwise. */
export const DEFAULT_CERT_FEE_FEN = 29_800

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '..')
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    storage: parseStorage(env),
    secretsDir: path.resolve(
      env.SECRETS_DIR || path.join(env.DATA_DIR ?? path.join(root, 'data'), 'secrets'),
    ),
    databaseUrl: env.DATABASE_URL ?? '',
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(root, 'dist')),
    basePath: normaliseBasePath(env.BASE_PATH),
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 24 * 7) * 3600_000,
    logLevel: env.LOG_LEVEL ?? 'info',
    accessLogSample: parseAccessLogSample(env.ACCESS_LOG_SAMPLE),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 300_000),
    shutdownTimeoutMs: parseMilliseconds(
      env.SHUTDOWN_TIMEOUT_MS,
      DEFAULT_SHUTDOWN_TIMEOUT_MS,
      'SHUTDOWN_TIMEOUT_MS',
    ),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    siteOrigin: parseSiteOrigin(env.SITE_ORIGIN),
    certFeeFen: parseFen(env.CERT_FEE_FEN, DEFAULT_CERT_FEE_FEN, 'CERT_FEE_FEN'),
    paymentProvider: env.PAYMENT_PROVIDER || 'sandbox',
    wechatProvider: env.WECHAT_PROVIDER || 'sandbox',
    messages: parseMessages(env),
    notaryProvider: env.NOTARY_PROVIDER || 'local',
    definitionsRoot: path.resolve(env.DEFINITIONS_ROOT || root),
    watchDefinitions: env.NODE_ENV !== 'production',
    workers: {
      threads: parseCount(env.WORKER_THREADS, os.availableParallelism(), 'WORKER_THREADS'),
      queue: parseCount(env.WORKER_QUEUE, DEFAULT_WORKER_QUEUE, 'WORKER_QUEUE'),
    },
    renderLimit: parseCount(env.RENDER_LIMIT, DEFAULT_RENDER_LIMIT, 'RENDER_LIMIT', 0),
    demoData: demoDataRequested(env),
  }
}
