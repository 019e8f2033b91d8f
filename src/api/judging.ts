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

export const getJudgeEntry = (competitionId: number, roundId: string, workId: number) =>
  getData<JudgeEntryDetail>('/judge/entry', { params: { competitionId, roundId, workId }, ...staffRead })

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
