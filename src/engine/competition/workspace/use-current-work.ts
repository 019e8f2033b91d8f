import { useSearchParams } from 'react-router'
import type { CompetitionWork } from '../../../../schemas/api/competition.ts'
import type { CompetitionApi } from '../../../api/competition.ts'
import { useLoad } from '../../../lib/use-load.ts'

/**
 * The work a works step is about: `?id=` when the address names one, else the entrant's latest work
 * (so /base/works/info resumes where the entrant left off), or none yet.
 */
export function useCurrentWork(api: CompetitionApi) {
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || undefined
  return useLoad<CompetitionWork | null>(async () => {
    if (id) return api.work(id)
    const { rows } = await api.works()
    return rows[0] ?? null
  }, [api, id])
}
