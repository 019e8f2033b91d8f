import type {
  Advancement,
  AwardRow,
  Awards,
  Leaderboard,
  LeaderboardEntry,
  Publication,
} from '../../schemas/api/results.ts'
import { type Envelope, getData, http, postData } from './http.ts'

export type { Advancement, AwardRow, Awards, Leaderboard, LeaderboardEntry, Publication }

/**
 * The leaderboard and results of the organisers' console (README "Leaderboard and publishing
 * results"). As in api/manage.ts, a refusal is shown where it happens, not as a sign-out.
 */
const STAFF = { skipAuthRedirect: true } as const

export const getLeaderboard = (competitionId: number, roundId?: string) =>
  getData<Leaderboard>('/manage/results', { ...STAFF, params: { competitionId, roundId } })

export const confirmAdvancement = (body: { competitionId: number; roundId: string; workIds: number[] }) =>
  postData<Advancement>('/manage/results/advance', body, STAFF)

export const getAwards = (competitionId: number) =>
  getData<Awards>('/manage/results/awards', { ...STAFF, params: { competitionId } })

export const confirmAwards = (body: {
  competitionId: number
  awards: Array<{ workId: number; awardId: string | null }>
}) => postData<Awards>('/manage/results/awards', body, STAFF)

/** The whole answer: its message says what happened (published, already published, scheduled when). */
export const publishResults = async (body: {
  competitionId: number
  when: 'now' | 'scheduled'
  publishAt?: string
}) => (await http.post<Envelope<Publication>>('/manage/results/publish', body, STAFF)).data

export const unschedulePublication = (competitionId: number) =>
  postData<Publication>('/manage/results/unschedule', { competitionId }, STAFF)

export const reopenResults = (body: { competitionId: number; reason: string }) =>
  postData<Publication>('/manage/results/reopen', body, STAFF)
