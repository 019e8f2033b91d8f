import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'
import {
  CODE_REQUIRED,
  codeField,
  confirmationDiffers,
  confirmPasswordUi,
  newPasswordField,
  newPasswordUi,
} from './fields.ts'

/** Password reset by SMS code (/forgetPwd): phone, the 6-digit code, the new password twice. */
export const passwordResetSchema = {
  $id: 'password-reset',
  type: 'object',
  properties: {
    phone: {
      type: 'string',
      title: '手机号码',
      format: 'phone',
      errorMessage: { format: MESSAGES.phoneInvalid },
    },
    code: codeField,
    password: newPasswordField('新密码'),
    confirmPassword: { type: 'string', title: '确认新密码' },
  },
  required: ['phone', 'code', 'password', 'confirmPassword'],
  errorMessage: {
    required: {
      phone: MESSAGES.phoneInvalid,
      code: CODE_REQUIRED,
      password: MESSAGES.passwordRequired,
      confirmPassword: '请再次输入新密码',
    },
  },
} as const

export type PasswordResetForm = FromSchema<typeof passwordResetSchema>
export const passwordResetOrder = ['phone', 'code', 'password', 'confirmPassword'] as const

/** The confirmation repeats the password. */
export const checkPasswordReset = (data: Partial<PasswordResetForm>) => confirmationDiffers(data)

export const passwordResetUiSchema = {
  'ui:order': [...passwordResetOrder],
  phone: { 'ui:placeholder': '注册时使用的手机号', 'ui:options': { inputType: 'tel' } },
  code: { 'ui:widget': 'smsCode', 'ui:placeholder': '6位数字验证码', 'ui:autocomplete': 'one-time-code' },
  password: newPasswordUi,
  confirmPassword: confirmPasswordUi('再次输入新密码'),
} as const
