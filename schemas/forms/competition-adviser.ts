import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import { emailField, phoneField } from './fields.ts'

const MAX_ADVISERS = 2

const adviser = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      title: '姓名',
      pattern: '\\S',
      maxLength: 30,
      errorMessage: '指导老师姓名为1-30个字',
    },
    title: {
      type: 'string',
      title: '职称',
      pattern: '\\S',
      maxLength: 30,
      errorMessage: '指导老师职称为1-30个字',
    },
    company: {
      type: 'string',
      title: '单位',
      pattern: '\\S',
      maxLength: 60,
      errorMessage: '指导老师单位为1-60个字',
    },
    phone: phoneField('手机号码'),
    email: emailField('邮箱（选填）'),
  },
  required: ['name', 'title', 'company', 'phone'],
  additionalProperties: false,
  // The fields' own messages sit on the fields: ajv-errors does not rewrite a child's errors inside
  // array items from here.
  errorMessage: {
    required: {
      name: '指导老师姓名不能为空',
      title: '指导老师职称不能为空',
      company: '指导老师单位不能为空',
      phone: MESSAGES.phoneInvalid,
    },
    additionalProperties: '指导老师信息有误',
    type: '指导老师信息有误',
  },
} as const

/** A work's advisers (指导老师), at most two; none is a valid answer. */
export const competitionAdviser = defineForm({
  name: 'competition-adviser',
  label: '指导老师',
  fields: {
    advisers: {
      schema: {
        type: 'array',
        title: '指导老师',
        maxItems: MAX_ADVISERS,
        items: adviser,
        errorMessage: { maxItems: `指导老师最多${MAX_ADVISERS}位`, type: '指导老师信息有误' },
      },
      ui: {
        'ui:options': { orderable: false, addLabel: '添加指导老师' },
        'ui:help': `选填，最多${MAX_ADVISERS}位`,
        items: {
          name: { 'ui:placeholder': '指导老师姓名' },
          title: { 'ui:placeholder': '如：副教授、高级工程师' },
          company: { 'ui:placeholder': '所在单位或学校' },
          phone: { 'ui:placeholder': '11位手机号', 'ui:options': { inputType: 'tel' } },
          email: { 'ui:placeholder': '选填', 'ui:options': { inputType: 'email' } },
        },
      },
    },
  },
})
