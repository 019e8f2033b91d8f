import type { RealnameInfo } from '../../schemas/api/realname.ts'
import type { RealnameForm } from '../../schemas/forms/realname.ts'
import { getData, postData } from './http.ts'

export type { RealnameInfo }

/** GET /my/getRealNameBo: the verified identity, document number masked, or { verified: false }. */
export const getRealNameBo = () => getData<RealnameInfo>('/my/getRealNameBo')
export const realNameAuth = (form: Partial<RealnameForm>) => postData<RealnameInfo>('/my/realNameAuth', form)
