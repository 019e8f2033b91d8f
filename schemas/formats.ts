/**
 * The shared formats of SPEC §5, as RegExp: ajv inlines a RegExp format into precompiled
 * (standalone) code, whereas a function format compiles silently and then fails at run time.
 */

/** 15 digits, or 17 digits plus a digit or X/x (second-generation resident ID). */
const ID_NUMBER = /^(?:\d{15}|\d{17}[\dXx])$/
/** 1, then one of 3 4 5 7 8 9, then 9 more digits. */
const PHONE = /^1[345789]\d{9}$/
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/
const bare = (re: RegExp) => re.source.replace(/^\^|\$$/g, '')
const PHONE_OR_EMAIL = new RegExp(`^(?:${bare(PHONE)}|${bare(EMAIL)})$`)
/**
 * 8–20 characters, no white space, no Chinese (CJK ideographs, CJK punctuation, full-width forms),
 * and not made of only one kind: letters only, digits only or symbols only are refused.
 */
const PASSWORD =
  /^(?![A-Za-z]+$)(?!\d+$)(?![^A-Za-z\d]+$)[^\s\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]{8,20}$/
/** A calendar date as the date input gives it. */
const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/

export const FORMATS = {
  'id-number': ID_NUMBER,
  phone: PHONE,
  'phone-or-email': PHONE_OR_EMAIL,
  password: PASSWORD,
  'calendar-date': DATE,
  email: EMAIL,
} as const

export type FormatName = keyof typeof FORMATS

/** The exact messages of SPEC §5. */
export const MESSAGES = {
  idRequired: '身份证号不能为空',
  idInvalid: '请输入正确的二代身份证号码',
  readRequired: '请阅读',
  phoneOrEmailInvalid: '请输入正确的手机号码或绑定邮箱',
  phoneInvalid: '请输入正确的11位手机号',
  passwordRequired: '请输入密码',
  passwordInvalid: '请输入8-20位英文字母及数字或者符号（除空格）',
  nameRequired: '姓名不能为空',
  documentTypeRequired: '证件类型不能为空',
  documentNumberRequired: '证件号码不能为空',
  regionRequired: '所在城市不能为空',
  professionalRequired: '专业不能为空',
  occupationRequired: '职业不能为空',
  genderRequired: '性别不能为空',
  birthdayRequired: '生日不能为空',
  agreementRequired: '请勾选咖簿网协议',
  emailInvalid: '请输入正确的邮箱地址',
} as const
