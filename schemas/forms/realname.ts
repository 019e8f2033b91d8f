import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'

/** Document types of the real-name form; only the mainland resident ID unlocks rights confirmation. */
export const IDENTITY_TYPES = [
  { code: '1', label: '居民身份证' },
  { code: '2', label: '护照' },
  { code: '3', label: '港澳居民来往内地通行证' },
  { code: '4', label: '台湾居民来往大陆通行证' },
] as const
export const MAINLAND_ID_CARD = '1'

export const GENDERS = [
  { code: '1', label: '男' },
  { code: '2', label: '女' },
] as const

/**
 * The real-name form (SPEC §3 "Realname form", §5). The ID-card branch applies the §5 ID validator;
 * any other document needs a number, gender and birthday.
 */
export const realnameSchema = {
  $id: 'realname',
  type: 'object',
  properties: {
    username: {
      type: 'string',
      title: '姓名',
      maxLength: 30,
      errorMessage: { maxLength: '姓名不能超过30个字' },
    },
    identityType: { type: 'string', title: '证件类型', enum: ['1', '2', '3', '4'], default: '1' },
    identity: {
      type: 'string',
      title: '证件号码',
      maxLength: 30,
      errorMessage: { maxLength: '证件号码不能超过30位' },
    },
    cityId: {
      type: 'string',
      title: '所在城市',
      pattern: '^\\d{6}$',
      errorMessage: { pattern: MESSAGES.regionRequired },
    },
    professional: { type: 'string', title: '专业', maxLength: 20 },
    professionalName: {
      type: 'string',
      title: '职业',
      maxLength: 30,
      errorMessage: { maxLength: '职业不能超过30个字' },
    },
    read: { type: 'boolean', title: '我已阅读并同意《咖簿网用户协议》', const: true },
  },
  required: ['username', 'identityType', 'cityId', 'professional', 'professionalName', 'read'],
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
  errorMessage: {
    required: {
      username: MESSAGES.nameRequired,
      identityType: MESSAGES.documentTypeRequired,
      cityId: MESSAGES.regionRequired,
      professional: MESSAGES.professionalRequired,
      professionalName: MESSAGES.occupationRequired,
      read: MESSAGES.agreementRequired,
    },
    properties: { read: MESSAGES.agreementRequired, identityType: MESSAGES.documentTypeRequired },
  },
} as const

export type RealnameForm = FromSchema<typeof realnameSchema> & { gender?: '1' | '2'; birthday?: string }

/** Field order on screen and in the server's "first error" choice. */
export const realnameOrder = [
  'username',
  'identityType',
  'identity',
  'gender',
  'birthday',
  'cityId',
  'professional',
  'professionalName',
  'read',
] as const

export const BIRTHDAY_IN_FUTURE = '生日不能晚于今天'

/** What JSON Schema cannot say: a birthday is not in the future (checked by the form and the server). */
export function checkRealname(data: Partial<RealnameForm>, today: string): Partial<Record<string, string>> {
  if (data.identityType !== MAINLAND_ID_CARD && data.birthday && data.birthday > today) {
    return { birthday: BIRTHDAY_IN_FUTURE }
  }
  return {}
}

/** How the form looks: widget names are those of src/forms/widgets. */
export const realnameUiSchema = {
  'ui:order': [...realnameOrder, '*'],
  username: { 'ui:placeholder': '请输入证件上的真实姓名', 'ui:autocomplete': 'name' },
  identityType: { 'ui:widget': 'options', 'ui:enumNames': IDENTITY_TYPES.map((t) => t.label) },
  identity: { 'ui:placeholder': '请输入证件号码' },
  gender: {
    'ui:widget': 'radio',
    'ui:enumNames': GENDERS.map((g) => g.label),
    'ui:options': { inline: true },
  },
  birthday: { 'ui:widget': 'pastDate' },
  cityId: { 'ui:widget': 'region' },
  professional: {
    'ui:widget': 'dict',
    'ui:options': { dict: 'sys_professional_type' },
    'ui:placeholder': '请选择专业',
  },
  professionalName: { 'ui:placeholder': '如：产品设计师、结构工程师' },
  read: { 'ui:widget': 'agreement', 'ui:options': { label: false } },
} as const
