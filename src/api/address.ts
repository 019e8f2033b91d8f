import type { Address } from '../../schemas/api/address.ts'
import type { CreatedId } from '../../schemas/api/common.ts'
import type { AddressForm } from '../../schemas/forms/address.ts'
import { getData, postData } from './http.ts'

export type { Address }

/** GET /address/list: the signed-in user's addresses, the default first (SPEC §7 Account). */
export const listAddresses = () => getData<Address[]>('/address/list')
export const insertAddress = (form: Partial<AddressForm>) => postData<CreatedId>('/address/insert', form)
export const updateAddress = (id: number, form: Partial<AddressForm>) =>
  postData<void>(`/address/update/${id}`, form)
export const deleteAddress = (id: number) => postData<void>(`/address/delete/${id}`)
export const setDefaultAddress = (id: number) => postData<void>(`/address/default/${id}`)
