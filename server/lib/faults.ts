/**
 * What a failure from below the application means for the request that met it. The one error handler
 * (server/plugins/errors.ts) answers each kind with its own envelope instead of the generic 500:
 * - duplicate: a unique key refused a row (SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY,
 *   PostgreSQL SQLSTATE 23505). A route that can race is expected to decide in the statement itself;
 *   this is the safety net for one that does not.
 * - unavailable: the database cannot be reached or is restarting (connection refused or reset, the
 *   pool's connect timeout, PostgreSQL's shutdown and connection-class SQLSTATEs, SQLite still busy
 *   after its busy timeout), or the object store (STORAGE=s3) cannot be reached or answers 5xx — `part`
 *   says which, so the log names the part that is down. It passes within seconds, so the client is
 *   told to retry.
 * - storageFull: the disk (or SQLite's file) is full: ENOSPC, EDQUOT, SQLITE_FULL, PostgreSQL's SQLSTATE
 *   53100 disk_full. Nothing the client does helps; an operator must.
 */
export type Fault =
  | { kind: 'duplicate'; constraint: string }
  | { kind: 'unavailable'; part: 'database' | 'object store'; reason: string }
  | { kind: 'storageFull'; reason: string }

interface ErrorFields {
  code?: unknown
  errno?: unknown
  constraint?: unknown
  table?: unknown
  message?: unknown
  name?: unknown
  reason?: unknown
  cause?: unknown
}

/** Node's socket errors: the database's host refused, dropped or never answered the connection. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin_shutdown (a restart ends
 * every backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down),
 * 53300 too_many_connections, and class 08 (connection exceptions).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])

/** node-postgres raises these as plain Errors, without a code, when its connection is gone. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]

const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100'])

function faultOfOne(error: ErrorFields): Fault | undefined {
  const code = typeof error.code === 'string' ? error.code : ''
  const message = typeof error.message === 'string' ? error.message : ''
  if (code === '23505') {
    const constraint = typeof error.constraint === 'string' ? error.constraint : ''
    return { kind: 'duplicate', constraint: constraint || String(error.table ?? 'unknown') }
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // "UNIQUE constraint failed: landing_signups.slug, landing_signups.phone": the columns name it.
    return { kind: 'duplicate', constraint: message.replace(/^.*constraint failed:\s*/i, '') || code }
  }
  if (STORAGE_FULL_CODES.has(code)) return { kind: 'storageFull', reason: code }
  // Before the socket error it wraps: the object store, not the database, is what went away.
  if (code === 'OBJECT_STORE_UNAVAILABLE') {
    return { kind: 'unavailable', part: 'object store', reason: String(error.reason ?? code) }
  }
  if (CONNECTION_ERRNOS.has(code)) return { kind: 'unavailable', part: 'database', reason: code }
  if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
    return { kind: 'unavailable', part: 'database', reason: `SQLSTATE ${code}` }
  }
  // SQLite waited its busy_timeout for another writer (another instance on the same file) in vain.
  if (code === 'SQLITE_BUSY') return { kind: 'unavailable', part: 'database', reason: code }
  const pgMessage = PG_CONNECTION_MESSAGES.find((m) => message === m)
  if (pgMessage) return { kind: 'unavailable', part: 'database', reason: pgMessage }
  return undefined
}

/**
 * The socket error (ECONNREFUSED…) or client timeout (an HTTP client's TimeoutError) behind an error,
 * looking through its causes: the object store (services/s3-object-store.ts) tells a store that is
 * down from one that refused a request.
 */
export function connectionFailureOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, name, cause } = current as ErrorFields
    if (typeof code === 'string' && CONNECTION_ERRNOS.has(code)) return code
    if (name === 'TimeoutError') return name
    current = cause
  }
  return undefined
}

/** The fault behind an error, looking through its causes (a pool wraps the socket error it met). */
export function faultOf(error: unknown): Fault | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const fault = faultOfOne(current as ErrorFields)
    if (fault) return fault
    current = (current as ErrorFields).cause
  }
  return undefined
}

/** A unique key refused the row: the caller may turn this into the answer a sequential duplicate gets. */
export const isUniqueViolation = (error: unknown): boolean => faultOf(error)?.kind === 'duplicate'
