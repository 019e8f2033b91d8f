import type {
  Advancement,
  AwardRow,
  Awards,
  Leaderboard,
  LeaderboardEntry,
  Publication,
} from '../../schemas/api/results.ts'
import { getData, postData } from './http.ts'

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

export const publishResults = (body: { competitionId: number; when: 'now' | 'scheduled' }) =>
  postData<Publication>('/manage/results/publish', body, STAFF)
