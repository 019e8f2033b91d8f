import { defineForm } from './define.ts'

/** The profile a designer edits in settings: the nickname shown in the header and on their works. */
export const profile = defineForm({
  name: 'profile',
  label: '个人资料',
  fields: {
    nickname: {
      schema: {
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
      required: '请输入昵称',
      ui: { 'ui:placeholder': '2-20个字' },
    },
  },
})
