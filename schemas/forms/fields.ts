import { MESSAGES } from '../formats.ts'

/** Fields several forms share, written once with their §5 messages. */

/** users.account is varchar(64) (migration 0001). */
export const ACCOUNT_MAX_LENGTH = 64

/** A phone number or an email address: how an account is named (sign-in, sign-up). */
export const accountField = {
  type: 'string',
  title: '手机号码 / 邮箱',
  format: 'phone-or-email',
  // The account column's width: a longer address is no account of ours (and PostgreSQL would refuse it).
  maxLength: ACCOUNT_MAX_LENGTH,
  errorMessage: { format: MESSAGES.phoneOrEmailInvalid, maxLength: MESSAGES.phoneOrEmailInvalid },
} as const

/** The 6-digit code sent by SMS or e-mail. */
export const codeField = {
  type: 'string',
  title: '验证码',
  pattern: '^\\d{6}$',
  errorMessage: { pattern: '请输入6位数字验证码' },
} as const
export const CODE_REQUIRED = '请输入6位数字验证码'

/** A password being chosen, under the §5 password rule. */
export const newPasswordField = <T extends string>(title: T) =>
  ({
    type: 'string',
    title,
    format: 'password',
    errorMessage: { format: MESSAGES.passwordInvalid },
  }) as const

export const PASSWORDS_DIFFER = '两次输入的密码不一致'

/** The cross-field rule JSON Schema cannot state without $data: the confirmation repeats the password. */
export function confirmationDiffers(data: {
  password?: string
  confirmPassword?: string
}): Partial<Record<string, string>> {
  return data.password && data.confirmPassword && data.password !== data.confirmPassword
    ? { confirmPassword: PASSWORDS_DIFFER }
    : {}
}

/**
 * An account as stored and looked up: trimmed, and an email address lower-cased, so Designer@… and
 * designer@… are one mailbox, one account and one code limit.
 */
export const canonicalAccount = (account: string): string => {
  const trimmed = account.trim()
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed
}

/** How a password being chosen is typed: hidden, with the rule as its hint, offered to password managers. */
export const newPasswordUi = {
  'ui:widget': 'password',
  'ui:placeholder': '8-20位，字母、数字、符号至少两种',
  'ui:autocomplete': 'new-password',
} as const

/** Its confirmation, with an optional hint. */
export const confirmPasswordUi = <T extends string>(placeholder?: T) =>
  ({
    'ui:widget': 'password',
    'ui:autocomplete': 'new-password',
    ...(placeholder ? { 'ui:placeholder': placeholder } : {}),
  }) as const
