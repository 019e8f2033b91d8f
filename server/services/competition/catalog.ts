import { organizerTree } from '../../../definitions/competition/organizers.ts'
import { formatPhase, type Stage, shownStage } from '../../../definitions/competition/phases.ts'
import { stepsOf } from '../../../definitions/competition/routes.ts'
import type { Choice, Competition } from '../../../definitions/competition/types.ts'
import type {
  CompetitionCard,
  CompetitionInfo,
  CompetitionRanges,
  OrganizerGroup,
  OrganizerUnit,
  RangeItem,
} from '../../../schemas/api/competition.ts'
import { formatYuan } from '../../../schemas/payment.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { familyOf } from './lookup.ts'

/** Live competitions first on lists: open for entries, then about to open, then judging, then over. */
const STAGE_ORDER: Record<Stage, number> = {
  registering: 0,
  submitting: 1,
  upcoming: 2,
  judging: 3,
  finished: 4,
}

/** The QT categories (SPEC §7 /common/type/data/qtType) are this seeded dictionary. */
export const QT_TYPE_DICTIONARY = 'qtType'

/**
 * Every live competition as a card, in STAGE_ORDER, the latest opening first within a stage; those in
 * `published` (results published, maybe before their date) as 结果已公布.
 */
export function competitionCards(
  registry: CompetitionRegistry,
  now = Date.now(),
  published: ReadonlySet<number> = new Set(),
): CompetitionCard[] {
  const cards = registry.all().map((c) => {
    const { stage, stageLabel } = shownStage(c.phases, now, published.has(c.competitionId))
    return {
      card: {
        id: c.competitionId,
        slug: c.slug,
        title: c.title,
        year: c.year,
        description: c.description,
        cover: c.cover,
        stage,
        stageLabel,
        registrationOpens: formatPhase(c.phases.registrationOpens),
        registrationCloses: formatPhase(c.phases.registrationCloses),
        ...(c.pay ? { feeYuan: formatYuan(c.pay.fee) } : {}),
      },
      order: STAGE_ORDER[stage],
      opens: c.phases.registrationOpens,
    }
  })
  cards.sort((a, b) => a.order - b.order || b.opens.localeCompare(a.opens))
  return cards.map((c) => c.card)
}

/** What the SPA needs to know of a competition before rendering its pages. */
export function competitionInfo(c: Competition, now = Date.now(), resultsPublished = false): CompetitionInfo {
  const { stage, stageLabel } = shownStage(c.phases, now, resultsPublished)
  const family = familyOf(c)
  return {
    id: c.competitionId,
    slug: c.slug,
    title: c.title,
    ...(c.shortTitle ? { shortTitle: c.shortTitle } : {}),
    year: c.year,
    description: c.description,
    cover: { ...c.cover },
    phases: c.phases,
    stage,
    stageLabel,
    api: c.api,
    apiPaths: { registration: family.registration, works: family.works, auth: family.auth },
    fee: c.pay
      ? { fen: c.pay.fee, yuan: formatYuan(c.pay.fee), source: c.pay.source, required: c.pay.required }
      : null,
    payRequired: c.pay?.required ?? false,
    worksMax: c.works.max,
    worksAdd: c.works.add,
    worksManage: c.works.manage,
    entrantTypes: c.entrantTypes,
    companyTypes: c.companyTypes,
    ranges: c.ranges,
    steps: stepsOf(c),
    organizers: c.organizers ?? {},
  }
}

/** A definition's choices as dictionary items, numbered from `from`. */
export const dictItems = (
  list: Array<Choice & { brief?: string }>,
  listClass?: 'default' | 'Propositional',
  from = 1,
): RangeItem[] =>
  list.map((c, i) => ({
    dictCode: c.value,
    dictLabel: c.label,
    dictSort: from + i,
    ...(listClass ? { listClass } : {}),
    ...(c.brief ? { remark: c.brief } : {}),
  }))

/** A competition's categories in one list: the regular ones, then the propositional ones. */
export function rangeList(c: Competition): RangeItem[] {
  const defaults = dictItems(c.ranges.default, 'default')
  return [...defaults, ...dictItems(c.ranges.propositional ?? [], 'Propositional', defaults.length + 1)]
}

/** A competition's categories in their two groups. */
export const rangeGroups = (c: Competition): CompetitionRanges => ({
  default: dictItems(c.ranges.default, 'default'),
  Propositional: dictItems(c.ranges.propositional ?? [], 'Propositional'),
})

export const supportUnits = (c: Competition): OrganizerUnit[] =>
  (c.organizers?.supportUnits ?? []).map((name, i) => ({ id: `support-${i + 1}`, name }))

/** The host and co-organiser groups with their units (the support units have their own route). */
export const coOrganizers = (c: Competition): OrganizerGroup[] =>
  organizerTree(c.organizers, ['host', 'coOrganizers'])
