import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import { accountField } from './fields.ts'

/** Account sign-in (SPEC §4 Login, §5): the account is trimmed; a phone or an email. */
export const login = defineForm({
  name: 'login',
  label: '登录',
  fields: {
    account: {
      schema: accountField,
      required: '请输入手机号码或邮箱',
      ui: { 'ui:placeholder': '请输入手机号码或邮箱', 'ui:autocomplete': 'username' },
    },
    password: {
      schema: {
        type: 'string',
        title: '密码',
        maxLength: 64,
        errorMessage: { maxLength: MESSAGES.passwordInvalid },
      },
      required: MESSAGES.passwordRequired,
      ui: { 'ui:widget': 'password', 'ui:placeholder': '请输入密码', 'ui:autocomplete': 'current-password' },
    },
  },
})
