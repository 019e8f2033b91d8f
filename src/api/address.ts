import type { AddressForm } from '../../schemas/forms/address.ts'
import { getData, postData } from './http.ts'

/** GET /address/list: the signed-in user's addresses, the default first (SPEC §7 Account). */
export interface Address {
  id: number
  userName: string
  phone: string
  cityId: string
  cityNames: string[]
  address: string
  isDefault: boolean
}

export const listAddresses = () => getData<Address[]>('/address/list')
export const insertAddress = (form: Partial<AddressForm>) => postData<{ id: number }>('/address/insert', form)
export const updateAddress = (id: number, form: Partial<AddressForm>) =>
  postData<void>(`/address/update/${id}`, form)
export const deleteAddress = (id: number) => postData<void>(`/address/delete/${id}`)
export const setDefaultAddress = (id: number) => postData<void>(`/address/default/${id}`)
