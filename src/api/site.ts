import type { MenuItem, Partner } from '../../schemas/api/site.ts'
import { getData } from './http.ts'

export type { MenuItem, Partner }

export const getMenus = () => getData<MenuItem[]>('/tbMenuInfo/queryAll')
export const getPartners = () => getData<Partner[]>('/common/partners')
