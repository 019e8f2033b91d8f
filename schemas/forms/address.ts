import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import { boundedText, phoneInput } from './fields.ts'

/** A postal address for certificates sent by post (SPEC §7 /address/insert). */
export const address = defineForm({
  name: 'address',
  label: '收货地址',
  fields: {
    userName: {
      schema: boundedText('收货人', 30),
      required: '收货人不能为空',
      ui: { 'ui:placeholder': '收件人姓名' },
    },
    phone: phoneInput('11位手机号'),
    cityId: {
      schema: {
        type: 'string',
        title: '所在地区',
        pattern: '^\\d{6}$',
        errorMessage: { pattern: MESSAGES.regionRequired },
      },
      required: MESSAGES.regionRequired,
      ui: { 'ui:widget': 'region' },
    },
    address: {
      schema: boundedText('详细地址', 100),
      required: '详细地址不能为空',
      ui: { 'ui:widget': 'textarea', 'ui:placeholder': '街道、楼牌号等', 'ui:options': { rows: 2 } },
    },
    isDefault: { schema: { type: 'boolean', title: '设为默认地址', default: false } },
  },
})

export type AddressForm = FromSchema<typeof address.schema>
