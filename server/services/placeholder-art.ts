import type { FastifyBaseLogger } from 'fastify'
import { formatError } from '../../definitions/core/json-file.ts'
import { placeholderArt } from '../../definitions/core/placeholder-art.ts'

/**
 * Placeholder art never reaches a production page (issue 34 item 3): a production start
 * (NODE_ENV=production) naming one is refused — one line per use, `file  JSON path  reason`, which
 * main.ts prints after "Not starting: " without a stack trace — and a development start only warns,
 * as `npm run check:definitions` does (`-- --production` refuses as this start does).
 */
export function guardPlaceholderArt(
  root: string,
  log: FastifyBaseLogger,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const production = env.NODE_ENV === 'production'
  const found = placeholderArt(root, production)
  if (!found.length) return
  if (production) throw new Error(found.map(formatError).join('\n'))
  for (const finding of found) log.warn(`提醒  ${formatError(finding)}`)
}
