import { getDict } from '../api/common.ts'
import { getPrizeGroups } from '../api/people.ts'

/** Code → label of each dictionary the directories show (SPEC §4: codes become labels). Plain objects: loader data. */
export interface PeopleLabels {
  standard: Record<string, string>
  professional: Record<string, string>
  prizeGrade: Record<string, string>
  patentType: Record<string, string>
  projectType: Record<string, string>
  schoolRecord: Record<string, string>
  /** prizeValue → "group · prize" */
  prize: Record<string, string>
}

const asLabels = (items: Array<{ dictCode: string; dictLabel: string }>) =>
  Object.fromEntries(items.map((i) => [i.dictCode, i.dictLabel]))

/** Every label the designer and talent pages need, in one round of parallel requests (cached per page load). */
export async function loadPeopleLabels(): Promise<PeopleLabels> {
  const [standard, professional, prizeGrade, patentType, projectType, schoolRecord, prizes] =
    await Promise.all([
      getDict('sys_evaluate_standard'),
      getDict('sys_professional_type'),
      getDict('sys_prize_grade'),
      getDict('sys_patent_type'),
      getDict('sys_project_type'),
      getDict('sys_school_record'),
      getPrizeGroups(),
    ])
  return {
    standard: asLabels(standard),
    professional: asLabels(professional),
    prizeGrade: asLabels(prizeGrade),
    patentType: asLabels(patentType),
    projectType: asLabels(projectType),
    schoolRecord: asLabels(schoolRecord),
    prize: Object.fromEntries(
      prizes.flatMap((g) => g.prizeList.map((p) => [p.prizeValue, `${g.groupLabel} · ${p.prizeLabel}`])),
    ),
  }
}

/** The dictionary's options as [code, label] pairs in order, for a filter's select. */
export const optionsOf = (labels: Record<string, string>) => Object.entries(labels)
