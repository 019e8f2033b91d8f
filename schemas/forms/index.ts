import { addressOrder, addressSchema } from './address.ts'
import { eventSignupOrder, eventSignupSchema } from './event-signup.ts'
import { loginOrder, loginSchema } from './login.ts'
import { checkPasswordChange, passwordChangeOrder, passwordChangeSchema } from './password-change.ts'
import { checkPasswordReset, passwordResetOrder, passwordResetSchema } from './password-reset.ts'
import { profileOrder, profileSchema } from './profile.ts'
import { checkRealname, realnameOrder, realnameSchema } from './realname.ts'
import { checkRegister, registerOrder, registerSchema } from './register.ts'
import { resumeOrder, resumeSchema } from './resume.ts'

/**
 * Every form of the portal: its JSON Schema, the order of its fields (the server reports the first
 * failing field in this order) and the checks JSON Schema cannot express. scripts/compile-validators.ts
 * precompiles each schema into schemas/generated/.
 */
export const FORMS = {
  realname: { schema: realnameSchema, order: realnameOrder, check: checkRealname },
  login: { schema: loginSchema, order: loginOrder, check: undefined },
  address: { schema: addressSchema, order: addressOrder, check: undefined },
  'password-reset': { schema: passwordResetSchema, order: passwordResetOrder, check: checkPasswordReset },
  'event-signup': { schema: eventSignupSchema, order: eventSignupOrder, check: undefined },
  register: { schema: registerSchema, order: registerOrder, check: checkRegister },
  'password-change': { schema: passwordChangeSchema, order: passwordChangeOrder, check: checkPasswordChange },
  profile: { schema: profileSchema, order: profileOrder, check: undefined },
  resume: { schema: resumeSchema, order: resumeOrder, check: undefined },
} as const

export type FormName = keyof typeof FORMS
