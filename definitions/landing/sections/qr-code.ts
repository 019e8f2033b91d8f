import { defineSection } from '../define.ts'

export interface QrCodeProps {
  title?: string
  items: Array<{ value: string; label: string; caption?: string }>
}

export const qrCode = defineSection<QrCodeProps>({
  label: '二维码',
  schema: {
    type: 'object',
    description: '一个或多个二维码（如报名链接、交流群），在页面上生成，不需要图片。',
    properties: {
      title: { type: 'string' },
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 4,
        items: {
          type: 'object',
          properties: {
            value: { type: 'string', minLength: 1, description: '二维码内容，通常是网址' },
            label: { type: 'string', minLength: 1 },
            caption: { type: 'string' },
          },
          required: ['value', 'label'],
          additionalProperties: false,
        },
      },
    },
    required: ['items'],
    additionalProperties: false,
  },
  defaults: {},
})
