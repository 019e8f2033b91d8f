import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import {
  accountField,
  CODE_REQUIRED,
  codeField,
  confirmationDiffers,
  confirmPasswordUi,
  newPasswordField,
  newPasswordUi,
} from './fields.ts'

/**
 * Account sign-up (the login page's 注册 tab; the API keeps SPEC's /register path): a phone or an
 * email, its code, a password under §5, the agreements. Not to be confused with a work's rights
 * registration (works-register.ts).
 */
export const signUp = defineForm({
  name: 'sign-up',
  label: '注册',
  // The confirmation repeats the password.
  check: confirmationDiffers,
  fields: {
    account: {
      schema: accountField,
      required: MESSAGES.phoneOrEmailInvalid,
      ui: { 'ui:placeholder': '手机号码或邮箱', 'ui:autocomplete': 'username' },
    },
    code: {
      schema: codeField,
      required: CODE_REQUIRED,
      ui: { 'ui:widget': 'smsCode', 'ui:placeholder': '6位数字验证码', 'ui:autocomplete': 'one-time-code' },
    },
    password: { schema: newPasswordField('密码'), required: MESSAGES.passwordRequired, ui: newPasswordUi },
    confirmPassword: {
      schema: { type: 'string', title: '确认密码' },
      required: '请再次输入密码',
      ui: confirmPasswordUi('再次输入密码'),
    },
    inviteCode: {
      schema: {
        type: 'string',
        title: '邀请码（选填）',
        pattern: '^[A-Za-z0-9]{8}$',
        errorMessage: { pattern: '邀请码为8位字母或数字' },
      },
      ui: { 'ui:placeholder': '好友的邀请码，没有可不填' },
    },
    read: {
      schema: { type: 'boolean', title: '我已阅读并同意《咖簿网用户协议》', const: true },
      required: MESSAGES.agreementRequired,
      invalid: MESSAGES.agreementRequired,
      ui: { 'ui:widget': 'agreement', 'ui:options': { label: false } },
    },
  },
})
