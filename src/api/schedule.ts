import type { Schedule, ScheduleItem, ScheduleRound } from '../../schemas/api/schedule.ts'
import { type Envelope, getData, http } from './http.ts'

export type { Schedule, ScheduleItem, ScheduleRound }

/**
 * The console's 赛程 (README "The schedule in the console"). As in api/manage.ts, a refusal is shown
 * where it happens, not as a sign-out; a change answers the schedule and the server's words (which
 * may add a note, e.g. a publication still scheduled at the old results time).
 */
const STAFF = { skipAuthRedirect: true } as const

export const getSchedule = (competitionId: number) =>
  getData<Schedule>('/manage/schedule', { ...STAFF, params: { competitionId } })

const postEnvelope = async (url: string, body: object) =>
  (await http.post<Envelope<Schedule>>(url, body, STAFF)).data

/** A Beijing time with +08:00 sets the date; null puts the file's back. */
export const setScheduleDate = (body: { competitionId: number; field: string; value: string | null }) =>
  postEnvelope('/manage/schedule', body)

export const closeRoundEarly = (body: { competitionId: number; roundId: string }) =>
  postEnvelope('/manage/schedule/close-round', body)
