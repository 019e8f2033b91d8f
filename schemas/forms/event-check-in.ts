import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'

/** On-site check-in at an event (/signIn?event=<slug>): who arrived, recognised again by phone. */
export const eventCheckInSchema = {
  $id: 'event-check-in',
  type: 'object',
  properties: {
    name: {
      type: 'string',
      title: '姓名',
      minLength: 1,
      maxLength: 30,
      errorMessage: { minLength: MESSAGES.nameRequired, maxLength: '姓名不能超过30个字' },
    },
    phone: {
      type: 'string',
      title: '手机号码',
      format: 'phone',
      errorMessage: { format: MESSAGES.phoneInvalid },
    },
  },
  required: ['name', 'phone'],
  errorMessage: { required: { name: MESSAGES.nameRequired, phone: MESSAGES.phoneInvalid } },
} as const

export type EventCheckInForm = FromSchema<typeof eventCheckInSchema>
export const eventCheckInOrder = ['name', 'phone'] as const

export const eventCheckInUiSchema = {
  'ui:order': [...eventCheckInOrder],
  name: { 'ui:placeholder': '请输入姓名', 'ui:autocomplete': 'name' },
  phone: { 'ui:placeholder': '请输入手机号码', 'ui:options': { inputType: 'tel' } },
} as const
