import { getData } from './http.ts'

/** SPEC §3 "Menu". */
export interface MenuItem {
  id: number
  key: string
  title: string
  url: string
  hot: boolean
}

export interface Partner {
  id: number
  name: string
  logo: string
  url: string | null
}

export const getMenus = () => getData<MenuItem[]>('/tbMenuInfo/queryAll')
export const getPartners = () => getData<Partner[]>('/common/partners')
