import { InvalidDefinitionsError } from '../../definitions/check-all.ts'

/**
 * What a refused start prints (server/main.ts): a refusal (a bad setting, a missing or different key,
 * a production start with a sandbox, the database or the port unavailable, invalid definitions) is
 * the message written for the operator, and a stack trace would only bury it. An error that is not
 * such a refusal (a TypeError, say: a defect) keeps its stack.
 */
export function startRefusalText(error: unknown): string {
  const refusal =
    error instanceof Error &&
    // The checks' own Error, the definitions checker's lines (file, path, reason), or a system or
    // database error with its code (ECONNREFUSED, EADDRINUSE, 28P01…).
    (error.constructor === Error ||
      error instanceof InvalidDefinitionsError ||
      typeof (error as { code?: unknown }).code === 'string')
  const text = refusal
    ? error.message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error)
  return /^Not starting/.test(text) ? text : `Not starting: ${text}`
}
