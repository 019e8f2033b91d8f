import type { RealnameForm } from '../../schemas/forms/realname.ts'
import { getData, postData } from './http.ts'

/** GET /my/getRealNameBo: the verified identity, document number masked, or { verified: false }. */
export interface RealnameInfo {
  verified: boolean
  username?: string
  identityType?: string
  identityTypeLabel?: string
  identity?: string
  cityNames?: string[]
  professionalLabel?: string
  professionalName?: string
  rightsEligible?: boolean
  createTime?: string
}

export const getRealNameBo = () => getData<RealnameInfo>('/my/getRealNameBo')
export const realNameAuth = (form: Partial<RealnameForm>) => postData<RealnameInfo>('/my/realNameAuth', form)
