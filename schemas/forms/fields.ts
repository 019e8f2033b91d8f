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

/** An 11-digit mobile number (§5 "Phone only"). */
export const phoneField = <T extends string>(title: T) =>
  ({
    type: 'string',
    title,
    format: 'phone',
    errorMessage: { format: MESSAGES.phoneInvalid },
  }) as const

/** The usual mobile-number entry: the field, its message when missing, a phone keypad. */
export const phoneInput = <P extends string>(placeholder: P) =>
  ({
    schema: phoneField('手机号码'),
    required: MESSAGES.phoneInvalid,
    ui: { 'ui:placeholder': placeholder, 'ui:options': { inputType: 'tel' } },
  }) as const

/** Text up to `max` characters, e.g. 备注不能超过200个字. */
export const boundedText = <T extends string, Max extends number>(title: T, max: Max) =>
  ({
    type: 'string',
    title,
    maxLength: max,
    errorMessage: { maxLength: `${title}不能超过${max}个字` },
  }) as const

/** An e-mail address. */
export const emailField = <T extends string>(title: T) =>
  ({
    type: 'string',
    title,
    format: 'email',
    maxLength: ACCOUNT_MAX_LENGTH,
    errorMessage: { format: MESSAGES.emailInvalid, maxLength: MESSAGES.emailInvalid },
  }) as const

/** Free text with its bounds and one message for both, e.g. 作品名称为2-50个字. */
export const textField = <T extends string, Min extends number, Max extends number>(
  title: T,
  min: Min,
  max: Max,
) =>
  ({
    type: 'string',
    title,
    minLength: min,
    maxLength: max,
    errorMessage: {
      minLength: `${title}为${min}-${max}个字`,
      maxLength: `${title}为${min}-${max}个字`,
    },
  }) as const

/**
 * A choice whose options differ per competition (参赛身份, 单位类型, 参赛类别…): the schema holds a
 * string, never an enum; the `choices` widget offers the options the page hands it, and the server
 * checks membership against the competition's own lists.
 */
export const choiceField = <T extends string, M extends string>(title: T, message: M) =>
  ({
    type: 'string',
    title,
    minLength: 1,
    maxLength: 50,
    errorMessage: { minLength: message, maxLength: message, type: message },
  }) as const

/**
 * A site path as the upload endpoint answers it (/api/files/<hash>.<ext>): one leading slash (never
 * `//host`), no white space, no query; so never a data-URL and never another site's address.
 */
const sitePathWithExtension = (extensions: readonly string[]) =>
  `^/(?![/\\\\])[^\\s?#:]*\\.(?:${extensions.join('|')})$`

/**
 * An uploaded file as a form keeps it: the URL the server answered and the name it had on the
 * entrant's disk (display data only). The `file-upload` field fills it in.
 */
export const uploadedFileField = <E extends readonly string[], M extends string = '请上传文件'>(
  extensions: E,
  /**
   * The message for no file at all: the field's own required message, so that a form which fills an
   * empty `{}` in (RJSF does for object fields) says the same as a form that leaves the field out.
   */
  missing: M = '请上传文件' as M,
) => {
  // One message for whatever else is wrong: the entrant's remedy is always to upload again. It sits on
  // each leaf as well, because ajv-errors does not rewrite a child's errors inside array items.
  const message = `仅支持 ${extensions.join('、')} 格式的文件，请重新上传` as const
  return {
    type: 'object',
    properties: {
      fileUrl: {
        type: 'string',
        maxLength: 300,
        pattern: sitePathWithExtension(extensions),
        errorMessage: message,
      },
      fileOgName: { type: 'string', minLength: 1, maxLength: 255, errorMessage: message },
    },
    required: ['fileUrl', 'fileOgName'],
    additionalProperties: false,
    // No address at all is no file yet; an address without its name is a broken upload.
    errorMessage: { required: { fileUrl: missing, fileOgName: message }, _: message },
  } as const
}

/** Image files a competition accepts for covers, pictures and display boards. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const
/** Documents such as property-right certificates: scans or PDFs. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const

/** How a file field is drawn: the `file-upload` field with its accepted types, count and size. */
export const fileUploadUi = <E extends readonly string[]>(
  accept: E,
  maxFiles: number,
  extra: { maxSizeMb?: number; help?: string } = {},
) =>
  ({
    'ui:field': 'file-upload',
    'ui:options': { accept: [...accept], maxFiles, maxSizeMb: extra.maxSizeMb ?? 20 },
    ...(extra.help ? { 'ui:help': extra.help } : {}),
  }) as const

/** A competition choice: the `choices` widget, its options from formContext.choices[source]. */
export const choicesUi = <S extends string>(source: S, placeholder = '请选择') =>
  ({ 'ui:widget': 'choices', 'ui:options': { source }, 'ui:placeholder': placeholder }) as const
