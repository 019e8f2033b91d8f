import type { FromSchema } from 'json-schema-to-ts'

/** The profile a designer edits in settings: the nickname shown in the header and on their works. */
export const profileSchema = {
  $id: 'profile',
  type: 'object',
  properties: {
    nickname: {
      type: 'string',
      title: '昵称',
      minLength: 2,
      maxLength: 20,
      pattern: '^\\S(?:.*\\S)?$',
      errorMessage: {
        minLength: '昵称为2-20个字',
        maxLength: '昵称为2-20个字',
        pattern: '昵称首尾不能是空格',
      },
    },
  },
  required: ['nickname'],
  errorMessage: { required: { nickname: '请输入昵称' } },
} as const

export type ProfileForm = FromSchema<typeof profileSchema>
export const profileOrder = ['nickname'] as const
export const profileUiSchema = { nickname: { 'ui:placeholder': '2-20个字' } } as const
