import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import { phoneInput } from './fields.ts'

/** On-site check-in at an event (/signIn?event=<slug>): who arrived, recognised again by phone. */
export const eventCheckIn = defineForm({
  name: 'event-check-in',
  label: '活动签到',
  fields: {
    name: {
      schema: {
        type: 'string',
        title: '姓名',
        minLength: 1,
        maxLength: 30,
        errorMessage: { minLength: MESSAGES.nameRequired, maxLength: '姓名不能超过30个字' },
      },
      required: MESSAGES.nameRequired,
      ui: { 'ui:placeholder': '请输入姓名', 'ui:autocomplete': 'name' },
    },
    phone: phoneInput('请输入手机号码'),
  },
})
