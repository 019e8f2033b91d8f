import type { Stage } from '../../definitions/competition/phases.ts'
import type { Step } from '../../definitions/competition/routes.ts'
import type { Competition } from '../../definitions/competition/types.ts'

/**
 * What GET /api/competition/definition/{slug} answers: the definition the competition engine renders
 * (its pages with includes already expanded), with where it stands now and its steps and routes.
 * The server builds it from the definitions core; the SPA renders every competition page from it,
 * so a new file in competitions/ needs only a restart.
 */
export interface CompetitionView extends Competition {
  stage: Stage
  steps: Step[]
  routes: string[]
}

export const competitionDefinitionPath = (slug: string) =>
  `/competition/definition/${encodeURIComponent(slug)}`

/** A file an entrant uploaded, as forms keep it. */
export interface EntryFile {
  fileUrl: string
  fileOgName: string
}

/** The signed-in entrant's registration in one competition (the family's registration GET/save). */
export interface CompetitionEntry {
  competitionId: number
  registered: boolean
  /** The registration form's fields (the definition's forms.registration). */
  info: Record<string, unknown> | null
  /** Index in the competition's steps of the first unfinished one; the number of steps when all are done. */
  workStep: number
  worksCount: number
  completeWorks: number
  worksMax: number
  payRequired: boolean
  paid: boolean
  paidAt: string | null
  finalised: boolean
  finalisedAt: string | null
}

/** One of the entrant's works. */
export interface CompetitionWork {
  id: number
  competitionId: number
  worksName: string
  base: Record<string, unknown>
  info: Record<string, unknown> | null
  adviser: Record<string, unknown> | null
  propertyRight: EntryFile[] | null
  displayBoard: EntryFile[] | null
  complete: boolean
  createTime: string
  updateTime: string
}

/** GET /tbCompetitionInfo/getAuthPrice. */
export interface CompetitionPrice {
  fee: string
  feeFen: number
  required: boolean
}

/** GET /tbCompetitionInfo/type/sys_competition_range/{id}. */
export interface CompetitionRanges {
  default: RangeItem[]
  Propositional: RangeItem[]
}
export interface RangeItem {
  dictCode: string
  dictLabel: string
  dictSort: number
  listClass?: 'default' | 'Propositional'
  remark?: string
}
