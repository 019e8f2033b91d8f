import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'
import { accountField } from './fields.ts'

/** Account sign-in (SPEC §4 Login, §5): the account is trimmed; a phone or an email. */
export const loginSchema = {
  $id: 'login',
  type: 'object',
  properties: {
    account: accountField,
    password: {
      type: 'string',
      title: '密码',
      maxLength: 64,
      errorMessage: { maxLength: MESSAGES.passwordInvalid },
    },
  },
  required: ['account', 'password'],
  errorMessage: { required: { account: '请输入手机号码或邮箱', password: MESSAGES.passwordRequired } },
} as const

export type LoginForm = FromSchema<typeof loginSchema>
export const loginOrder = ['account', 'password'] as const

export const loginUiSchema = {
  account: { 'ui:placeholder': '请输入手机号码或邮箱', 'ui:autocomplete': 'username' },
  password: {
    'ui:widget': 'password',
    'ui:placeholder': '请输入密码',
    'ui:autocomplete': 'current-password',
  },
} as const
