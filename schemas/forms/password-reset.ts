import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import {
  CODE_REQUIRED,
  codeField,
  confirmationDiffers,
  confirmPasswordUi,
  newPasswordField,
  newPasswordUi,
  phoneInput,
} from './fields.ts'

/** Password reset by SMS code (/forgetPwd): phone, the 6-digit code, the new password twice. */
export const passwordReset = defineForm({
  name: 'password-reset',
  label: '找回密码',
  // The confirmation repeats the password.
  check: confirmationDiffers,
  fields: {
    phone: phoneInput('注册时使用的手机号'),
    code: {
      schema: codeField,
      required: CODE_REQUIRED,
      ui: { 'ui:widget': 'smsCode', 'ui:placeholder': '6位数字验证码', 'ui:autocomplete': 'one-time-code' },
    },
    password: { schema: newPasswordField('新密码'), required: MESSAGES.passwordRequired, ui: newPasswordUi },
    confirmPassword: {
      schema: { type: 'string', title: '确认新密码' },
      required: '请再次输入新密码',
      ui: confirmPasswordUi('再次输入新密码'),
    },
  },
})
