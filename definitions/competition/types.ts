import type { Image, SectionEntry } from '../landing/types.ts'
import type { CertificateSettings } from './certificate.ts'
import type { ApiFamilyName } from './families.ts'
import type { Awards, Judging } from './judging.ts'
import type { Phases } from './phases.ts'

/** A choice staff list in a definition: the stored value and what entrants read. */
export interface Choice {
  value: string
  label: string
}

/** A propositional (命题) range: a set topic entrants may choose, with a line about it. */
export interface Proposition extends Choice {
  brief?: string
}

/**
 * The forms a competition uses, by name from the forms registry (schemas/forms/index.ts). The keys
 * are the steps: registration is the `infomation` step; workBase, workInfo, adviser, propertyRight
 * and displayBoard are the works steps.
 */
export interface CompetitionForms {
  registration: string
  workBase?: string
  workInfo?: string
  adviser?: string
  propertyRight?: string
  displayBoard?: string
}

/**
 * A competition as staff write it in competitions/<slug>.json (documented in competitions/README.md,
 * checked by `npm run check:definitions`). The file name is the route: competitions/2026abc.json is
 * served at /2026abc/index.
 */
export interface CompetitionDefinition {
  $schema?: string
  /** The backend competition id (tbCompetitionId / competitionId in the API); unique. */
  competitionId: number
  title: string
  /** 简称, for buttons and the step bar; defaults to the title. */
  shortTitle?: string
  year: number
  description: string
  shareImage?: Image
  /** The card of the competition in lists (home page, /mine). */
  cover: Image
  phases: Phases
  api: ApiFamilyName
  entrantTypes: Choice[]
  companyTypes: Choice[]
  ranges: { default: Choice[]; propositional?: Proposition[] }
  forms: CompetitionForms
  works: { add: boolean; manage: boolean; max: number }
  /** Entry fee in fen; absent for a free competition. */
  pay?: { fee: number; source: 'authPrice' | 'config'; required: boolean }
  organizers?: { host?: string[]; coOrganizers?: string[]; supportUnits?: string[] }
  pages: { index: { sections: SectionEntry[] }; preview: { sections: SectionEntry[] } }
  /** Competition certificates (definitions/competition/certificate.ts); defaults when absent. */
  certificate?: Partial<CertificateSettings>
  /** Judging rounds (definitions/competition/judging.ts); absent: the competition is not judged here. */
  judging?: Judging
  /** Award levels with their counts per range; only with judging. */
  awards?: Awards
}

/** A definition with its slug (the file name), as the engines use it. */
export interface Competition extends CompetitionDefinition {
  slug: string
}
