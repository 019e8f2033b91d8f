import { useEffect, useState } from 'react'
import type { CompetitionView } from '../../../../definitions/competition/view.ts'
import { FORMS, type FormName } from '../../../../schemas/forms/index.ts'
import type { CompetitionApi } from '../../../api/competition.ts'
import type { Choice } from '../../../forms/widgets/choices-select.tsx'
import { paths, toAddress } from '../../../lib/paths.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'

const asChoices = (items: Array<{ dictCode: string; dictLabel: string }>): Choice[] =>
  items.map((item) => ({ value: item.dictCode, label: item.dictLabel }))

/** The `choices` sources a form's uiSchema names (ui:options.source), read from the registry. */
function sourcesOf(form: string): Set<string> {
  const sources = new Set<string>()
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return
    const source = (value as { 'ui:options'?: { source?: unknown } })['ui:options']?.source
    if (typeof source === 'string') sources.add(source)
    for (const child of Object.values(value)) visit(child)
  }
  visit((FORMS as Record<string, { uiSchema?: unknown }>)[form as FormName]?.uiSchema)
  return sources
}

/**
 * The formContext a competition's form gets: the lists its `choices` fields read. Entrant types come
 * with the definition; company types and ranges load through the competition store (SPEC §3, §8:
 * a failed or empty load is an error with the server's message); QT categories load only for a form
 * that uses them.
 */
export function useChoices(competition: CompetitionView, api: CompetitionApi, form: string) {
  const loadRanges = useCompetitionStore((s) => s.loadRanges)
  const loadCompanyType = useCompetitionStore((s) => s.loadCompanyType)
  const [state, setState] = useState<{ context?: object; error?: string }>({})
  useEffect(() => {
    let live = true
    const sources = sourcesOf(form)
    const need = <T>(source: string, load: () => Promise<T>) =>
      sources.has(source) ? load() : Promise.resolve(undefined)
    Promise.all([
      need('companyTypes', loadCompanyType),
      sources.has('ranges') || sources.has('propositions') ? loadRanges() : Promise.resolve(undefined),
      need('qtTypes', api.qtTypes),
    ]).then(
      ([companyTypes, ranges, qtTypes]) => {
        if (!live) return
        setState({
          context: {
            // The 大赛章程 link of the registration's pledge: the competition's own page, in a new tab.
            rulesUrl: toAddress(paths.competition.getHref(competition.slug, 'index')),
            choices: {
              entrantTypes: competition.entrantTypes,
              companyTypes: companyTypes && asChoices(companyTypes),
              ranges: ranges && asChoices(ranges.default),
              propositions: ranges && asChoices(ranges.Propositional),
              qtTypes: qtTypes && asChoices(qtTypes),
            },
          },
        })
      },
      (error: Error) => live && setState({ error: error.message }),
    )
    return () => {
      live = false
    }
  }, [competition, api, form, loadRanges, loadCompanyType])
  return state
}
