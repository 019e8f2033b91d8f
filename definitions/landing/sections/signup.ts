import { LANDING_SIGNUP_FORMS, type LandingSignupForm } from '../../../schemas/forms/index.ts'
import { defineSection } from '../define.ts'
import { PALETTE_FIELD, type Palette } from '../palette.ts'

export interface SignupProps {
  title: string
  description?: string
  form: LandingSignupForm
  submitLabel: string
  closesAt?: string
  successTitle: string
  successText: string
  palette: Palette
}

export const signup = defineSection<SignupProps>({
  label: '报名表单',
  schema: {
    type: 'object',
    description: '报名表：表单字段由 schemas/forms 里的表单定义，报名记录保存在服务器。',
    properties: {
      title: { type: 'string', minLength: 1 },
      description: { type: 'string' },
      form: {
        enum: LANDING_SIGNUP_FORMS,
        description: '使用哪张报名表（schemas/forms 中登记、允许专题页报名使用的表单名）',
      },
      submitLabel: { type: 'string' },
      closesAt: {
        type: 'string',
        format: 'date-time',
        description: '截止时间（ISO 格式，如 2026-12-20T18:00:00+08:00）；之后不再接受报名',
      },
      successTitle: { type: 'string', minLength: 1 },
      successText: { type: 'string', minLength: 1 },
      palette: PALETTE_FIELD,
    },
    required: ['title', 'form', 'successTitle', 'successText'],
    additionalProperties: false,
  },
  defaults: { submitLabel: '提交报名', palette: 'brand' },
})
