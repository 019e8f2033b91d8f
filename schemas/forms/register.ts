import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'
import {
  accountField,
  CODE_REQUIRED,
  codeField,
  confirmationDiffers,
  confirmPasswordUi,
  newPasswordField,
  newPasswordUi,
} from './fields.ts'

/** Sign-up (the login page's 注册 tab): a phone or an email, its code, a password under §5, the agreements. */
export const registerSchema = {
  $id: 'register',
  type: 'object',
  properties: {
    account: accountField,
    code: codeField,
    password: newPasswordField('密码'),
    confirmPassword: { type: 'string', title: '确认密码' },
    inviteCode: {
      type: 'string',
      title: '邀请码（选填）',
      pattern: '^[A-Za-z0-9]{8}$',
      errorMessage: { pattern: '邀请码为8位字母或数字' },
    },
    read: { type: 'boolean', title: '我已阅读并同意《咖簿网用户协议》', const: true },
  },
  required: ['account', 'code', 'password', 'confirmPassword', 'read'],
  errorMessage: {
    required: {
      account: MESSAGES.phoneOrEmailInvalid,
      code: CODE_REQUIRED,
      password: MESSAGES.passwordRequired,
      confirmPassword: '请再次输入密码',
      read: MESSAGES.agreementRequired,
    },
    properties: { read: MESSAGES.agreementRequired },
  },
} as const

export type RegisterForm = FromSchema<typeof registerSchema>
export const registerOrder = ['account', 'code', 'password', 'confirmPassword', 'inviteCode', 'read'] as const

/** The confirmation repeats the password. */
export const checkRegister = (data: Partial<RegisterForm>) => confirmationDiffers(data)

export const registerUiSchema = {
  'ui:order': [...registerOrder],
  account: { 'ui:placeholder': '手机号码或邮箱', 'ui:autocomplete': 'username' },
  code: { 'ui:widget': 'smsCode', 'ui:placeholder': '6位数字验证码', 'ui:autocomplete': 'one-time-code' },
  password: newPasswordUi,
  confirmPassword: confirmPasswordUi('再次输入密码'),
  inviteCode: { 'ui:placeholder': '好友的邀请码，没有可不填' },
  read: { 'ui:widget': 'agreement', 'ui:options': { label: false } },
} as const
