import type {
  JudgeConflict,
  JudgeEntry,
  JudgeEntryDetail,
  JudgeRound,
  JudgeSheet,
} from '../../schemas/api/judging.ts'
import { getData, postData } from './http.ts'

export type { JudgeEntry, JudgeEntryDetail, JudgeRound, JudgeSheet }

/**
 * The judges' workspace API (README "Judging"). Its reads answer 无权访问 (code 403) to an account that
 * is no judge: that is no ended session, so it must not send the visitor to sign in again.
 */
const staffRead = { skipAuthRedirect: true }

/** The rounds page says itself that the account judges nothing: a 403 is only logged. */
export const getJudgeRounds = () => getData<JudgeRound[]>('/judge/rounds', { logOnlyCodes: [403] })

export const getJudgeEntries = (competitionId: number, roundId: string) =>
  getData<JudgeEntry[]>('/judge/entries', { params: { competitionId, roundId }, ...staffRead })

/** `quiet`: a read ahead of need (the next entry), whose refusal only logs; the real open shows it. */
export const getJudgeEntry = (
  competitionId: number,
  roundId: string,
  workId: number,
  { quiet = false } = {},
) =>
  getData<JudgeEntryDetail>('/judge/entry', {
    params: { competitionId, roundId, workId },
    ...staffRead,
    ...(quiet ? { logOnlyCodes: [400, 401, 403, 404, 409, 429, 500, 503] } : {}),
  })

export const saveJudgeSheet = (body: {
  competitionId: number
  roundId: string
  workId: number
  values: Record<string, unknown>
  submit?: boolean
}) => postData<JudgeSheet>('/judge/sheet', body)

export const declareJudgeConflict = (body: {
  competitionId: number
  roundId: string
  workId: number
  reason: string
}) => postData<JudgeConflict>('/judge/conflict', body)
