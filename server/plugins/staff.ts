import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify'
import { BusinessError, CODE, MSG } from '../lib/envelope.ts'
import { allows, rolesOf, STAFF_MSG, type StaffRole } from '../services/staff/roles.ts'
import { viewerId } from './auth.ts'

/**
 * Where a staff route finds the competition a request concerns: its `competitionId` in the query, the
 * body or the path (`/manage/competitions/:competitionId/…`).
 */
export type CompetitionFrom = 'query' | 'body' | 'params'

/** No competition has it: an unreadable id in a path lets only an admin through (to the 400 it gets). */
const NO_COMPETITION = -1

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A staff route (README "Staff roles"): the role it requires and where the competition comes from.
     * tests/server/staff-authorization.test.ts reads it from the route table for its matrix.
     */
    staff?: { role: StaffRole; competitionFrom?: CompetitionFrom }
  }
}

function competitionOf(request: FastifyRequest, from: CompetitionFrom | undefined): number | undefined {
  if (!from) return undefined
  const source = (from === 'query' ? request.query : from === 'params' ? request.params : request.body) as
    | Record<string, unknown>
    | undefined
  // preValidation runs before the schema has coerced anything: the query's number is still text. Only
  // text or a number is read: an object (one whose toString is no function, say) names none, and the
  // schema refuses it next.
  const raw = source?.competitionId
  const n = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  if (Number.isInteger(n) && n > 0) return n
  // A path always names its competition: one that is no id must not read as "any of theirs".
  return from === 'params' ? NO_COMPETITION : undefined
}

/**
 * preValidation of a staff route: a visitor is refused as by requireUser (code 403, sign in again);
 * a signed-in account without the role gets code 403 无权访问. An admin passes every check; an
 * organiser or judge passes for the competition the request names, or — when it names none — for any
 * competition they hold the role in (the handler then limits what it answers to theirs).
 */
export function requireStaff(role: StaffRole, competitionFrom?: CompetitionFrom) {
  return async function staffOnly(this: FastifyInstance, request: FastifyRequest): Promise<void> {
    const userId = await viewerId(this, request)
    if (!userId) throw new BusinessError(CODE.unauthorized, MSG.tokenInvalid)
    const held = await rolesOf(this.db.kysely, userId)
    if (!allows(held, role, competitionOf(request, competitionFrom)))
      throw new BusinessError(CODE.unauthorized, STAFF_MSG.forbidden)
  }
}

/** A staff route's options: the check, and the declaration the authorization matrix reads. */
export function staffRoute(role: StaffRole, competitionFrom?: CompetitionFrom) {
  return {
    preValidation: requireStaff(role, competitionFrom),
    config: { staff: { role, competitionFrom } },
  } satisfies RouteShorthandOptions
}
