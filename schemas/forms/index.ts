import { addressOrder, addressSchema, addressUiSchema } from './address.ts'
import {
  competitionAdviserOrder,
  competitionAdviserSchema,
  competitionAdviserUiSchema,
} from './competition-adviser.ts'
import {
  competitionDisplayBoardOrder,
  competitionDisplayBoardSchema,
  competitionDisplayBoardUiSchema,
} from './competition-display-board.ts'
import {
  competitionPropertyRightOrder,
  competitionPropertyRightSchema,
  competitionPropertyRightUiSchema,
} from './competition-property-right.ts'
import {
  competitionQtRegistrationOrder,
  competitionQtRegistrationSchema,
  competitionQtRegistrationUiSchema,
} from './competition-qt-registration.ts'
import {
  competitionRegistrationOrder,
  competitionRegistrationSchema,
  competitionRegistrationUiSchema,
} from './competition-registration.ts'
import {
  competitionWorkBaseOrder,
  competitionWorkBaseSchema,
  competitionWorkBaseUiSchema,
} from './competition-work-base.ts'
import {
  competitionWorkInfoOrder,
  competitionWorkInfoSchema,
  competitionWorkInfoUiSchema,
} from './competition-work-info.ts'
import { eventCheckInOrder, eventCheckInSchema, eventCheckInUiSchema } from './event-check-in.ts'
import { eventSignupOrder, eventSignupSchema, eventSignupUiSchema } from './event-signup.ts'
import { loginOrder, loginSchema, loginUiSchema } from './login.ts'
import {
  checkPasswordChange,
  passwordChangeOrder,
  passwordChangeSchema,
  passwordChangeUiSchema,
} from './password-change.ts'
import {
  checkPasswordReset,
  passwordResetOrder,
  passwordResetSchema,
  passwordResetUiSchema,
} from './password-reset.ts'
import { profileOrder, profileSchema, profileUiSchema } from './profile.ts'
import { checkRealname, realnameOrder, realnameSchema, realnameUiSchema } from './realname.ts'
import { checkRegister, registerOrder, registerSchema, registerUiSchema } from './register.ts'
import { resumeOrder, resumeSchema, resumeUiSchema } from './resume.ts'
import { worksRegisterOrder, worksRegisterSchema, worksRegisterUiSchema } from './works-register.ts'

/** What the registry knows of one form. */
export interface FormEntry {
  /** A short Chinese name, for staff (definition checks, the API docs) and lists. */
  label: string
  /** The JSON Schema: its `$id` is the form's name. Client and server validate with it. */
  schema: { $id: string; type: 'object'; properties: Record<string, unknown> }
  /**
   * How RJSF draws it: plain data, no React. Widgets and fields are named by string (`ui:widget`,
   * `ui:field`) and registered in src/forms/theme.ts.
   */
  uiSchema: Record<string, unknown>
  /** Field order on screen and in the server's "first error" choice. */
  order: readonly string[]
  /** What JSON Schema cannot say (cross-field rules, "not in the future"); run by form and server. */
  check: ((data: never, today: string) => Partial<Record<string, string>>) | undefined
  /** A landing page's `signup` section may use it (the server stores it as a sign-up, keyed by phone). */
  landingSignup?: boolean
}

/**
 * Every form of the portal, the single list. Adding a form: write schemas/forms/<name>.ts (schema with
 * `$id: '<name>'`, uiSchema, order, optional check), add one line here, run `npm run compile:validators`.
 * That script precompiles each schema into schemas/generated/<name>.validator.js and generates from
 * this list the server's map (schemas/generated/index.ts) and the browser's lazy loaders
 * (src/forms/generated-loaders.ts); `<SchemaForm name="<name>" …/>` then draws it anywhere.
 */
export const FORMS = {
  realname: {
    label: '实名认证',
    schema: realnameSchema,
    uiSchema: realnameUiSchema,
    order: realnameOrder,
    check: checkRealname,
  },
  login: { label: '登录', schema: loginSchema, uiSchema: loginUiSchema, order: loginOrder, check: undefined },
  address: {
    label: '收货地址',
    schema: addressSchema,
    uiSchema: addressUiSchema,
    order: addressOrder,
    check: undefined,
  },
  'password-reset': {
    label: '找回密码',
    schema: passwordResetSchema,
    uiSchema: passwordResetUiSchema,
    order: passwordResetOrder,
    check: checkPasswordReset,
  },
  'event-signup': {
    label: '活动报名',
    schema: eventSignupSchema,
    uiSchema: eventSignupUiSchema,
    order: eventSignupOrder,
    check: undefined,
    landingSignup: true,
  },
  'event-check-in': {
    label: '活动签到',
    schema: eventCheckInSchema,
    uiSchema: eventCheckInUiSchema,
    order: eventCheckInOrder,
    check: undefined,
  },
  register: {
    label: '注册',
    schema: registerSchema,
    uiSchema: registerUiSchema,
    order: registerOrder,
    check: checkRegister,
  },
  'password-change': {
    label: '修改密码',
    schema: passwordChangeSchema,
    uiSchema: passwordChangeUiSchema,
    order: passwordChangeOrder,
    check: checkPasswordChange,
  },
  profile: {
    label: '个人资料',
    schema: profileSchema,
    uiSchema: profileUiSchema,
    order: profileOrder,
    check: undefined,
  },
  resume: {
    label: '个人简历',
    schema: resumeSchema,
    uiSchema: resumeUiSchema,
    order: resumeOrder,
    check: undefined,
  },
  'competition-registration': {
    label: '大赛报名信息',
    schema: competitionRegistrationSchema,
    uiSchema: competitionRegistrationUiSchema,
    order: competitionRegistrationOrder,
    check: undefined,
  },
  'competition-qt-registration': {
    label: '青苔大赛报名信息',
    schema: competitionQtRegistrationSchema,
    uiSchema: competitionQtRegistrationUiSchema,
    order: competitionQtRegistrationOrder,
    check: undefined,
  },
  'competition-work-base': {
    label: '作品基本信息',
    schema: competitionWorkBaseSchema,
    uiSchema: competitionWorkBaseUiSchema,
    order: competitionWorkBaseOrder,
    check: undefined,
  },
  'competition-work-info': {
    label: '作品设计信息',
    schema: competitionWorkInfoSchema,
    uiSchema: competitionWorkInfoUiSchema,
    order: competitionWorkInfoOrder,
    check: undefined,
  },
  'competition-adviser': {
    label: '指导老师',
    schema: competitionAdviserSchema,
    uiSchema: competitionAdviserUiSchema,
    order: competitionAdviserOrder,
    check: undefined,
  },
  'competition-property-right': {
    label: '知识产权证明',
    schema: competitionPropertyRightSchema,
    uiSchema: competitionPropertyRightUiSchema,
    order: competitionPropertyRightOrder,
    check: undefined,
  },
  'competition-display-board': {
    label: '作品展板',
    schema: competitionDisplayBoardSchema,
    uiSchema: competitionDisplayBoardUiSchema,
    order: competitionDisplayBoardOrder,
    check: undefined,
  },
  worksRegister: {
    label: '作品确权登记',
    schema: worksRegisterSchema,
    uiSchema: worksRegisterUiSchema,
    order: worksRegisterOrder,
    check: undefined,
  },
} as const satisfies Record<string, FormEntry>

export type FormName = keyof typeof FORMS

/** Every form name, in registry order. */
export const FORM_NAMES = Object.keys(FORMS) as FormName[]

/** The forms a landing page's `signup` section may name. */
export type LandingSignupForm = {
  [N in FormName]: (typeof FORMS)[N] extends { landingSignup: true } ? N : never
}[FormName]

/** The forms a landing page's `signup` section may name, for enums in definition schemas. */
export const LANDING_SIGNUP_FORMS = FORM_NAMES.filter(
  (name): name is LandingSignupForm => (FORMS[name] as FormEntry).landingSignup === true,
)

export const isFormName = (name: string): name is FormName => Object.hasOwn(FORMS, name)
export const isLandingSignupForm = (name: string): name is LandingSignupForm =>
  (LANDING_SIGNUP_FORMS as string[]).includes(name)
