import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import { lockRounds, type Released, releaseUnseated } from '../judging/seats.ts'
import { writeAudit } from './audit.ts'
import { findCompetition, roundsOf, STAFF_MSG } from './roles.ts'

/**
 * A judge's seats on a competition's rounds, set from the console (README "Staff roles"): every round
 * (null), the rounds named, or none. A round's panel is the judges with a seat on it.
 */
export type Seats = string[] | null

export const SEATS_MSG = {
  chooseRounds: '请选择评审轮次：所有轮次，或至少一个轮次',
  notJudge: '该账号不是本赛事的评委，无需撤销',
} as const

export interface SeatsChange {
  changed: boolean
  before: Seats
  after: Seats
  released: Released
}

/** The seats the rows give: null when one row holds every round, else the rounds in id order. */
function seatsOf(rows: Array<{ round_id: string | null }>): Seats {
  if (rows.some((r) => r.round_id === null)) return null
  return rows.map((r) => r.round_id!).sort()
}

const sameSeats = (a: Seats, b: Seats) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((id, i) => id === b[i])

/**
 * Sets a judge's seats on a competition: `add` adds the rounds named to those held (a grant: every
 * round stays every round), otherwise the seats become exactly `rounds` ([]: the judge is revoked).
 * Rounds must be the definition's. Rows of seats kept are left as they were (who granted them, when);
 * a judge who loses a round lets go of its entries not yet submitted (releaseUnseated). One audit entry
 * `role.rounds` with before/after and what was released; nothing is written when nothing changes.
 */
export async function setJudgeRounds(
  k: Kysely<Database>,
  actorId: number,
  userId: number,
  competitionId: number,
  rounds: Seats,
  add = false,
): Promise<SeatsChange> {
  const competition = await findCompetition(k, competitionId)
  const definedRounds = await roundsOf(k, competition.id)
  const defined = definedRounds.map((r) => r.id)
  // How the audit log names seats: by the definition's titles, in its order (null: every round).
  const side = (seats: Seats) =>
    seats !== null && !seats.length
      ? null
      : {
          role: 'judge',
          competitionId: competition.id,
          rounds: seats,
          titles: seats && definedRounds.filter((r) => seats.includes(r.id)).map((r) => r.title),
        }
  const wanted = rounds === null ? null : [...new Set(rounds)].sort()
  if (wanted && add && !wanted.length) throw new BusinessError(CODE.badRequest, SEATS_MSG.chooseRounds)
  for (const id of wanted ?? [])
    if (!defined.includes(id)) throw new BusinessError(CODE.badRequest, STAFF_MSG.unknownRound(id, defined))
  return k.transaction().execute(async (trx) => {
    await lockRounds(trx, competition.id, defined)
    const held = await trx
      .selectFrom('staff_roles')
      .select(['id', 'round_id'])
      .where('user_id', '=', userId)
      .where('role', '=', 'judge')
      .where('competition_id', '=', competition.id)
      .execute()
    const before = held.length ? seatsOf(held) : []
    const after: Seats =
      !add || wanted === null ? wanted : before === null ? null : [...new Set([...before, ...wanted])].sort()
    // Rows that say the same twice (every round, and one round too — possible from the command line)
    // are tidied by any change, so a change never leaves a seat the console does not show.
    const redundant = before === null && held.length > 1
    if (sameSeats(before, after) && !redundant) {
      if (after !== null && !after.length) throw new BusinessError(CODE.notFound, SEATS_MSG.notJudge)
      return { changed: false, before, after, released: [] }
    }
    const keep = (round: string | null) =>
      after === null ? round === null : round !== null && after.includes(round)
    const drop = held.filter((r) => !keep(r.round_id)).map((r) => r.id)
    if (drop.length) await trx.deleteFrom('staff_roles').where('id', 'in', drop).execute()
    const missing =
      after === null
        ? held.some((r) => r.round_id === null)
          ? []
          : [null]
        : after.filter((id) => !held.some((r) => r.round_id === id))
    if (missing.length)
      await trx
        .insertInto('staff_roles')
        .values(
          missing.map((round) => ({
            user_id: userId,
            role: 'judge',
            competition_id: competition.id,
            round_id: round,
            granted_by: actorId,
            granted_at: nowIso(),
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute()
    const released = await releaseUnseated(trx, competition.id, userId, defined)
    await writeAudit(trx, {
      actorId,
      action: 'role.rounds',
      targetType: 'user',
      targetId: userId,
      competitionId: competition.id,
      detail: {
        via: 'api',
        before: side(before),
        after: side(after),
        ...(released.length ? { released } : {}),
      },
    })
    return { changed: true, before, after, released }
  })
}
