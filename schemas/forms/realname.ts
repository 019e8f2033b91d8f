import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'
import { boundedText } from './fields.ts'

/** Document types of the real-name form; only the mainland resident ID unlocks rights confirmation. */
export const IDENTITY_TYPES = [
  { code: '1', label: '居民身份证' },
  { code: '2', label: '护照' },
  { code: '3', label: '港澳居民来往内地通行证' },
  { code: '4', label: '台湾居民来往大陆通行证' },
] as const
export const MAINLAND_ID_CARD = '1'

const GENDERS = [
  { code: '1', label: '男' },
  { code: '2', label: '女' },
] as const

export const BIRTHDAY_IN_FUTURE = '生日不能晚于今天'

/** What JSON Schema cannot say: a birthday is not in the future (checked by the form and the server). */
function checkRealname(
  data: { identityType?: string; birthday?: string },
  today: string,
): Partial<Record<string, string>> {
  if (data.identityType !== MAINLAND_ID_CARD && data.birthday && data.birthday > today) {
    return { birthday: BIRTHDAY_IN_FUTURE }
  }
  return {}
}

/**
 * The real-name form (SPEC §3 "Realname form", §5). The ID-card branch applies the §5 ID validator;
 * any other document needs a number, gender and birthday (those two are defined by that branch).
 */
export const realname = defineForm({
  name: 'realname',
  label: '实名认证',
  check: checkRealname,
  fields: {
    username: {
      schema: boundedText('姓名', 30),
      required: MESSAGES.nameRequired,
      ui: { 'ui:placeholder': '请输入证件上的真实姓名', 'ui:autocomplete': 'name' },
    },
    identityType: {
      schema: { type: 'string', title: '证件类型', enum: ['1', '2', '3', '4'], default: '1' },
      required: MESSAGES.documentTypeRequired,
      invalid: MESSAGES.documentTypeRequired,
      ui: { 'ui:widget': 'options', 'ui:enumNames': IDENTITY_TYPES.map((t) => t.label) },
    },
    identity: {
      schema: {
        type: 'string',
        title: '证件号码',
        maxLength: 30,
        errorMessage: { maxLength: '证件号码不能超过30位' },
      },
      ui: { 'ui:placeholder': '请输入证件号码' },
    },
    gender: {
      ui: {
        'ui:widget': 'radio',
        'ui:enumNames': GENDERS.map((g) => g.label),
        'ui:options': { inline: true },
      },
    },
    birthday: { ui: { 'ui:widget': 'pastDate' } },
    cityId: {
      schema: {
        type: 'string',
        title: '所在城市',
        pattern: '^\\d{6}$',
        errorMessage: { pattern: MESSAGES.regionRequired },
      },
      required: MESSAGES.regionRequired,
      ui: { 'ui:widget': 'region' },
    },
    professional: {
      schema: { type: 'string', title: '专业', maxLength: 20 },
      required: MESSAGES.professionalRequired,
      ui: {
        'ui:widget': 'dict',
        'ui:options': { dict: 'sys_professional_type' },
        'ui:placeholder': '请选择专业',
      },
    },
    professionalName: {
      schema: boundedText('职业', 30),
      required: MESSAGES.occupationRequired,
      ui: { 'ui:placeholder': '如：产品设计师、结构工程师' },
    },
    read: {
      schema: { type: 'boolean', title: '我已阅读并同意《咖簿网用户协议》', const: true },
      required: MESSAGES.agreementRequired,
      invalid: MESSAGES.agreementRequired,
      ui: { 'ui:widget': 'agreement', 'ui:options': { label: false } },
    },
  },
  schema: {
    // An absent type counts as the ID card (the default), so the form opens on the ID-card branch.
    if: { properties: { identityType: { const: MAINLAND_ID_CARD } } },
    then: {
      properties: {
        identity: { format: 'id-number', errorMessage: { format: MESSAGES.idInvalid } },
      },
      required: ['identity'],
      errorMessage: { required: { identity: MESSAGES.idRequired } },
    },
    else: {
      properties: {
        gender: { type: 'string', title: '性别', enum: ['1', '2'] },
        birthday: {
          type: 'string',
          title: '生日',
          format: 'calendar-date',
          errorMessage: { format: MESSAGES.birthdayRequired },
        },
      },
      required: ['identity', 'gender', 'birthday'],
      errorMessage: {
        required: {
          identity: MESSAGES.documentNumberRequired,
          gender: MESSAGES.genderRequired,
          birthday: MESSAGES.birthdayRequired,
        },
      },
    },
  },
})

/**
 * A valid real-name form. The if/then/else branches, which the field list cannot carry, require the
 * document number for every type and define gender and birthday for those other than the ID card.
 */
export type RealnameForm = FromSchema<typeof realname.schema> & {
  identity: string
  gender?: '1' | '2'
  birthday?: string
}
