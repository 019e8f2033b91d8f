import { defineForm } from './define.ts'
import { boundedText, phoneField, textField } from './fields.ts'

const MAX_TEAM_MEMBERS = 5

/** A co-author or team member: who, doing what, and optionally how to reach them. */
const teamMember = {
  type: 'object',
  properties: {
    // \S: a name of spaces only is no name (nested values are trimmed too, but say it here as well).
    name: {
      type: 'string',
      title: '姓名',
      pattern: '\\S',
      maxLength: 30,
      errorMessage: '成员姓名为1-30个字',
    },
    role: {
      type: 'string',
      title: '分工',
      pattern: '\\S',
      maxLength: 30,
      errorMessage: '成员分工为1-30个字',
    },
    phone: phoneField('手机号码（选填）'),
  },
  required: ['name', 'role'],
  additionalProperties: false,
  // Messages of the members' own fields sit on those fields: ajv-errors does not rewrite a child's
  // errors inside array items from here.
  errorMessage: {
    required: { name: '成员姓名不能为空', role: '成员分工不能为空' },
    additionalProperties: '团队成员信息有误',
    type: '团队成员信息有误',
  },
} as const

/** A competition work's design information (works/info): the concept, innovations and the team. */
export const competitionWorkInfo = defineForm({
  name: 'competition-work-info',
  label: '作品设计信息',
  fields: {
    designConcept: {
      schema: textField('设计说明', 50, 2000),
      required: '设计说明不能为空',
      ui: {
        'ui:widget': 'textarea',
        'ui:placeholder': '50-2000个字：设计背景、思路、材料工艺与使用方式',
        'ui:options': { rows: 8 },
      },
    },
    innovation: {
      schema: boundedText('创新点', 500),
      ui: { 'ui:widget': 'textarea', 'ui:placeholder': '选填，500个字以内', 'ui:options': { rows: 3 } },
    },
    teamMembers: {
      schema: {
        type: 'array',
        title: '团队成员',
        maxItems: MAX_TEAM_MEMBERS,
        items: teamMember,
        errorMessage: { maxItems: `团队成员最多${MAX_TEAM_MEMBERS}人`, type: '团队成员信息有误' },
      },
      ui: {
        'ui:options': { orderable: false, addLabel: '添加成员' },
        'ui:help': `选填：合作作者或团队成员，最多${MAX_TEAM_MEMBERS}人（不含第一作者）`,
        items: {
          name: { 'ui:placeholder': '成员姓名' },
          role: { 'ui:placeholder': '如：结构设计、渲染' },
          phone: { 'ui:placeholder': '选填', 'ui:options': { inputType: 'tel' } },
        },
      },
    },
  },
})
