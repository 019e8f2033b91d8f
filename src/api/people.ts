import type {
  Designer,
  DesignerDetail,
  DesignerFilter,
  PrizeGroup,
  Talent,
  TalentDetail,
  TalentFilter,
} from '../../schemas/api/people.ts'
import { getData, getTable } from './http.ts'

export type { Designer, DesignerDetail, DesignerFilter, PrizeGroup, Talent, TalentDetail, TalentFilter }

/** The designers the home page features (GET /designer/featured). */
export const listFeaturedDesigners = () => getData<Designer[]>('/designer/featured')

/** One page of the designer directory (SPEC §2 /designer/index). */
export const listDesigners = (filter: DesignerFilter, pageNum: number, pageSize: number) =>
  getTable<Designer>('/designer/list', { params: { ...filter, pageNum, pageSize } })

export const getDesigner = (id: number) => getData<DesignerDetail>('/designer/detail', { params: { id } })

export const listTalents = (filter: TalentFilter, pageNum: number, pageSize: number) =>
  getTable<Talent>('/talent/list', { params: { ...filter, pageNum, pageSize } })

export const getTalent = (id: number) => getData<TalentDetail>('/talent/detail', { params: { id } })

let prizes: Promise<PrizeGroup[]> | undefined
/** SPEC §3 Prize list: prize ids become labels through it. Loaded once per page load. */
export function getPrizeGroups(): Promise<PrizeGroup[]> {
  prizes ??= getData<PrizeGroup[]>('/common/listPrize')
  prizes.catch(() => {
    prizes = undefined
  })
  return prizes
}
