import { create } from 'zustand'
import type { CompetitionView } from '../../definitions/competition/view.ts'
import type { DictItem, RegionNode } from '../../schemas/api/common.ts'
import type { CompetitionEntry, CompetitionRanges } from '../../schemas/api/competition.ts'
import { competitionApi, getEnvelope } from '../api/competition.ts'
import { CODE } from '../lib/constants.ts'

/**
 * The competition store (SPEC §3 "Competition store"): the competition being entered, its
 * enrollment ranges (default and Propositional lists), the entrant's workStep and registration
 * (userInfo), the region tree and the company types. Its loads follow §8: a body code other than 200
 * throws an error carrying the server's msg, and so does an empty region tree or company-type list.
 */
interface CompetitionState {
  info: CompetitionView | null
  ranges: CompetitionRanges | null
  workStep: number
  userInfo: CompetitionEntry | null
  regionTree: RegionNode[] | null
  companyType: DictItem[] | null
  setInfo(info: CompetitionView): void
  loadRanges(): Promise<CompetitionRanges>
  loadUserInfo(): Promise<CompetitionEntry>
  /** After a save that answers the entry (registration, finalising). */
  setUserInfo(entry: CompetitionEntry): void
  loadRegionTree(): Promise<RegionNode[]>
  loadCompanyType(): Promise<DictItem[]>
  reset(): void
}

type Envelope<T> = { code: number; msg: string; data: T }

/** The data of a load, or an Error with the server's msg (SPEC §8). */
export function dataOf<T>(body: Envelope<T>, { nonEmpty = false } = {}): T {
  if (body.code !== CODE.ok) throw new Error(body.msg || 'Error')
  if (nonEmpty && (!Array.isArray(body.data) || body.data.length === 0)) throw new Error(body.msg || 'Error')
  return body.data
}

const empty = { info: null, ranges: null, workStep: 0, userInfo: null, regionTree: null, companyType: null }

export const useCompetitionStore = create<CompetitionState>()((set, get) => {
  const api = () => {
    const info = get().info
    if (!info) throw new Error('no competition chosen')
    return competitionApi(info)
  }
  return {
    ...empty,
    setInfo: (info) => {
      // Another competition: nothing of the last one applies.
      if (get().info?.competitionId !== info.competitionId) set({ ...empty, info })
      else set({ info })
    },
    loadRanges: async () => {
      const ranges = dataOf(await api().ranges())
      set({ ranges })
      return ranges
    },
    loadUserInfo: async () => {
      const entry = dataOf(await api().entry())
      set({ userInfo: entry, workStep: entry.workStep })
      return entry
    },
    setUserInfo: (entry) => set({ userInfo: entry, workStep: entry.workStep }),
    loadRegionTree: async () => {
      const regionTree = dataOf(
        await getEnvelope<RegionNode[]>('/common/treeRegionByType', { type: 'all' }),
        {
          nonEmpty: true,
        },
      )
      set({ regionTree })
      return regionTree
    },
    loadCompanyType: async () => {
      const companyType = dataOf(await api().companyTypes(), { nonEmpty: true })
      set({ companyType })
      return companyType
    },
    reset: () => set(empty),
  }
})
