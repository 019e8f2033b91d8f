import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'
import { confirmationDiffers, confirmPasswordUi, newPasswordField, newPasswordUi } from './fields.ts'

/** Password change in the personal area's settings: the current password, then the new one twice. */
export const passwordChangeSchema = {
  $id: 'password-change',
  type: 'object',
  properties: {
    oldPassword: {
      type: 'string',
      title: '当前密码',
      maxLength: 64,
      errorMessage: { maxLength: MESSAGES.passwordInvalid },
    },
    password: newPasswordField('新密码'),
    confirmPassword: { type: 'string', title: '确认新密码' },
  },
  required: ['oldPassword', 'password', 'confirmPassword'],
  errorMessage: {
    required: {
      oldPassword: '请输入当前密码',
      password: MESSAGES.passwordRequired,
      confirmPassword: '请再次输入新密码',
    },
  },
} as const

export type PasswordChangeForm = FromSchema<typeof passwordChangeSchema>
export const passwordChangeOrder = ['oldPassword', 'password', 'confirmPassword'] as const

export function checkPasswordChange(data: Partial<PasswordChangeForm>): Partial<Record<string, string>> {
  const differs = confirmationDiffers(data)
  if (differs.confirmPassword) return differs
  if (data.password && data.oldPassword && data.password === data.oldPassword)
    return { password: '新密码不能与当前密码相同' }
  return {}
}

export const passwordChangeUiSchema = {
  'ui:order': [...passwordChangeOrder],
  oldPassword: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' },
  password: newPasswordUi,
  confirmPassword: confirmPasswordUi(),
} as const
