import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import { boundedText, phoneInput } from './fields.ts'

/** Sign-up for a campaign, salon or study tour (the landing pages' `signup` section). */
export const eventSignup = defineForm({
  name: 'event-signup',
  label: '活动报名',
  landingSignup: true,
  fields: {
    name: {
      schema: boundedText('姓名', 30),
      required: MESSAGES.nameRequired,
      ui: { 'ui:placeholder': '请输入真实姓名', 'ui:autocomplete': 'name' },
    },
    phone: phoneInput('用于接收活动通知'),
    organization: {
      schema: boundedText('单位 / 学校', 60),
      required: '单位 / 学校不能为空',
      ui: { 'ui:placeholder': '所在单位或学校' },
    },
    position: {
      schema: boundedText('职务 / 专业', 30),
      ui: { 'ui:placeholder': '如：设计总监、工业设计专业' },
    },
    email: {
      schema: {
        type: 'string',
        title: '邮箱',
        format: 'email',
        errorMessage: { format: MESSAGES.emailInvalid },
      },
      ui: { 'ui:placeholder': '选填', 'ui:options': { inputType: 'email' } },
    },
    attendees: {
      schema: {
        type: 'integer',
        title: '参加人数',
        minimum: 1,
        maximum: 5,
        default: 1,
        errorMessage: { minimum: '参加人数为1-5人', maximum: '参加人数为1-5人', type: '参加人数为1-5人' },
      },
      ui: { 'ui:widget': 'updown' },
    },
    note: {
      schema: boundedText('备注', 200),
      ui: {
        'ui:widget': 'textarea',
        'ui:placeholder': '选填：希望了解的内容、同行人员等',
        'ui:options': { rows: 3 },
      },
    },
    read: {
      schema: { type: 'boolean', title: '我已阅读报名须知', const: true },
      required: MESSAGES.readRequired,
      invalid: MESSAGES.readRequired,
      ui: {
        'ui:widget': 'agreement',
        'ui:options': {
          label: false,
          text: '我已阅读并同意报名须知及',
          linkText: '《隐私政策》',
          // Which of the three agreements the link opens (the widget makes the address, prefix included).
          agreement: 'private',
        },
      },
    },
  },
})
