import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'

/** A postal address for certificates sent by post (SPEC §7 /address/insert). */
export const addressSchema = {
  $id: 'address',
  type: 'object',
  properties: {
    userName: {
      type: 'string',
      title: '收货人',
      maxLength: 30,
      errorMessage: { maxLength: '收货人不能超过30个字' },
    },
    phone: {
      type: 'string',
      title: '手机号码',
      format: 'phone',
      errorMessage: { format: MESSAGES.phoneInvalid },
    },
    cityId: {
      type: 'string',
      title: '所在地区',
      pattern: '^\\d{6}$',
      errorMessage: { pattern: MESSAGES.regionRequired },
    },
    address: {
      type: 'string',
      title: '详细地址',
      maxLength: 100,
      errorMessage: { maxLength: '详细地址不能超过100个字' },
    },
    isDefault: { type: 'boolean', title: '设为默认地址', default: false },
  },
  required: ['userName', 'phone', 'cityId', 'address'],
  errorMessage: {
    required: {
      userName: '收货人不能为空',
      phone: MESSAGES.phoneInvalid,
      cityId: MESSAGES.regionRequired,
      address: '详细地址不能为空',
    },
  },
} as const

export type AddressForm = FromSchema<typeof addressSchema>
export const addressOrder = ['userName', 'phone', 'cityId', 'address', 'isDefault'] as const

export const addressUiSchema = {
  'ui:order': [...addressOrder],
  userName: { 'ui:placeholder': '收件人姓名' },
  phone: { 'ui:placeholder': '11位手机号', 'ui:options': { inputType: 'tel' } },
  cityId: { 'ui:widget': 'region' },
  address: { 'ui:widget': 'textarea', 'ui:placeholder': '街道、楼牌号等', 'ui:options': { rows: 2 } },
} as const
