import type { FormName } from './forms/index.ts'
import address from './generated/address.validator.js'
import eventSignup from './generated/event-signup.validator.js'
import login from './generated/login.validator.js'
import passwordChange from './generated/password-change.validator.js'
import passwordReset from './generated/password-reset.validator.js'
import profile from './generated/profile.validator.js'
import realname from './generated/realname.validator.js'
import register from './generated/register.validator.js'
import resume from './generated/resume.validator.js'
import type { ValidatorMap } from './validate.ts'

/** Every form's precompiled validators, for the server and the form kit (a page may import just one). */
export const PRECOMPILED: Record<FormName, ValidatorMap> = {
  realname,
  login,
  address,
  'password-reset': passwordReset,
  'event-signup': eventSignup,
  register,
  'password-change': passwordChange,
  profile,
  resume,
}
