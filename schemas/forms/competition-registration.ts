import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import { boundedText, choiceField, choicesUi, emailField, phoneField, textField } from './fields.ts'

const COMPETITION_AGREEMENT_REQUIRED = '请阅读并承诺遵守大赛章程'

/** The registration's fields, which the QT registration repeats with its category. */
export const competitionRegistrationFields = {
  entrantType: {
    schema: choiceField('参赛身份', '请选择参赛身份'),
    required: '请选择参赛身份',
    ui: choicesUi('entrantTypes', '请选择参赛身份'),
  },
  name: {
    schema: textField('姓名或团队名称', 2, 50),
    required: '姓名或团队名称不能为空',
    ui: { 'ui:placeholder': '个人参赛填写姓名，团队参赛填写团队名称', 'ui:autocomplete': 'name' },
  },
  companyName: {
    schema: boundedText('单位 / 学校', 60),
    ui: { 'ui:placeholder': '选填：所在单位或学校全称', 'ui:autocomplete': 'organization' },
  },
  companyType: {
    schema: choiceField('单位类型', '请选择单位类型'),
    required: '请选择单位类型',
    ui: choicesUi('companyTypes', '请选择单位类型'),
  },
  phone: {
    schema: phoneField('手机号码'),
    required: MESSAGES.phoneInvalid,
    ui: { 'ui:placeholder': '11位手机号，用于接收大赛通知', 'ui:options': { inputType: 'tel' } },
  },
  email: {
    schema: emailField('邮箱'),
    required: '邮箱不能为空',
    ui: { 'ui:placeholder': '用于接收大赛通知', 'ui:options': { inputType: 'email' } },
  },
  address: {
    schema: textField('通讯地址', 5, 100),
    required: '通讯地址不能为空',
    ui: {
      'ui:widget': 'textarea',
      'ui:placeholder': '省市区及详细地址，用于邮寄获奖证书',
      'ui:options': { rows: 2 },
    },
  },
  agree: {
    schema: { type: 'boolean', title: '我已阅读并承诺遵守大赛章程', const: true },
    required: COMPETITION_AGREEMENT_REQUIRED,
    invalid: COMPETITION_AGREEMENT_REQUIRED,
    ui: {
      'ui:widget': 'agreement',
      // The rules are the competition's own page: the engine passes its address as formContext.rulesUrl.
      'ui:options': {
        label: false,
        text: '我已阅读并承诺遵守',
        linkText: '《大赛章程》',
        linkFrom: 'rulesUrl',
      },
    },
  },
} as const

/**
 * A competition's entrant registration (the `infomation` step of /<competition>/base). Which
 * identities, organisation types and so on are offered differs per competition definition, so those
 * fields are strings drawn by the `choices` widget; the server checks membership.
 */
export const competitionRegistration = defineForm({
  name: 'competition-registration',
  label: '大赛报名信息',
  fields: competitionRegistrationFields,
})
