import { type CompetitionView, competitionDefinitionPath } from '../../schemas/competition.ts'
import { getData } from './http.ts'

/** A competition as the engine renders it; the server answers code 404 for an unknown slug. */
export const getCompetition = (slug: string) =>
  getData<CompetitionView>(competitionDefinitionPath(slug), { skipAuthRedirect: true })
