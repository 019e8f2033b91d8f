import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'
import { choiceField, choicesUi, emailField, phoneField, textField } from './fields.ts'

/**
 * A competition's entrant registration (the `infomation` step of /<competition>/base). Which
 * identities, organisation types and so on are offered differs per competition definition, so those
 * fields are strings drawn by the `choices` widget; the server checks membership.
 */
export const competitionRegistrationProperties = {
  entrantType: choiceField('参赛身份', '请选择参赛身份'),
  name: textField('姓名或团队名称', 2, 50),
  companyName: {
    type: 'string',
    title: '单位 / 学校',
    maxLength: 60,
    errorMessage: { maxLength: '单位 / 学校不能超过60个字' },
  },
  companyType: choiceField('单位类型', '请选择单位类型'),
  phone: phoneField('手机号码'),
  email: emailField('邮箱'),
  address: textField('通讯地址', 5, 100),
  agree: { type: 'boolean', title: '我已阅读并承诺遵守大赛章程', const: true },
} as const

export const COMPETITION_AGREEMENT_REQUIRED = '请阅读并承诺遵守大赛章程'

export const competitionRegistrationRequired = {
  entrantType: '请选择参赛身份',
  name: '姓名或团队名称不能为空',
  companyType: '请选择单位类型',
  phone: MESSAGES.phoneInvalid,
  email: '邮箱不能为空',
  address: '通讯地址不能为空',
  agree: COMPETITION_AGREEMENT_REQUIRED,
} as const

export const competitionRegistrationSchema = {
  $id: 'competition-registration',
  type: 'object',
  properties: competitionRegistrationProperties,
  required: ['entrantType', 'name', 'companyType', 'phone', 'email', 'address', 'agree'],
  errorMessage: {
    required: competitionRegistrationRequired,
    properties: { agree: COMPETITION_AGREEMENT_REQUIRED },
  },
} as const

export type CompetitionRegistrationForm = FromSchema<typeof competitionRegistrationSchema>

export const competitionRegistrationOrder = [
  'entrantType',
  'name',
  'companyName',
  'companyType',
  'phone',
  'email',
  'address',
  'agree',
] as const

export const competitionRegistrationUiFields = {
  entrantType: choicesUi('entrantTypes', '请选择参赛身份'),
  name: { 'ui:placeholder': '个人参赛填写姓名，团队参赛填写团队名称', 'ui:autocomplete': 'name' },
  companyName: { 'ui:placeholder': '选填：所在单位或学校全称', 'ui:autocomplete': 'organization' },
  companyType: choicesUi('companyTypes', '请选择单位类型'),
  phone: { 'ui:placeholder': '11位手机号，用于接收大赛通知', 'ui:options': { inputType: 'tel' } },
  email: { 'ui:placeholder': '用于接收大赛通知', 'ui:options': { inputType: 'email' } },
  address: {
    'ui:widget': 'textarea',
    'ui:placeholder': '省市区及详细地址，用于邮寄获奖证书',
    'ui:options': { rows: 2 },
  },
  agree: {
    'ui:widget': 'agreement',
    // The rules are the competition's own page: the engine passes its address as formContext.rulesUrl.
    'ui:options': {
      label: false,
      text: '我已阅读并承诺遵守',
      linkText: '《大赛章程》',
      linkFrom: 'rulesUrl',
    },
  },
} as const

export const competitionRegistrationUiSchema = {
  'ui:order': [...competitionRegistrationOrder],
  ...competitionRegistrationUiFields,
} as const
