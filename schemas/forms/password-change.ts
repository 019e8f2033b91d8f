import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import { confirmationDiffers, confirmPasswordUi, newPasswordField, newPasswordUi } from './fields.ts'

/** The new password repeats its confirmation and differs from the current one. */
function checkPasswordChange(data: {
  oldPassword?: string
  password?: string
  confirmPassword?: string
}): Partial<Record<string, string>> {
  const differs = confirmationDiffers(data)
  if (differs.confirmPassword) return differs
  if (data.password && data.oldPassword && data.password === data.oldPassword)
    return { password: '新密码不能与当前密码相同' }
  return {}
}

/** Password change in the personal area's settings: the current password, then the new one twice. */
export const passwordChange = defineForm({
  name: 'password-change',
  label: '修改密码',
  check: checkPasswordChange,
  fields: {
    oldPassword: {
      schema: {
        type: 'string',
        title: '当前密码',
        maxLength: 64,
        errorMessage: { maxLength: MESSAGES.passwordInvalid },
      },
      required: '请输入当前密码',
      ui: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' },
    },
    password: { schema: newPasswordField('新密码'), required: MESSAGES.passwordRequired, ui: newPasswordUi },
    confirmPassword: {
      schema: { type: 'string', title: '确认新密码' },
      required: '请再次输入新密码',
      ui: confirmPasswordUi(),
    },
  },
})
