import { defineSection } from '../define.ts'

export interface StatsProps {
  title?: string
  items: Array<{ value: string; unit?: string; label: string }>
}

export const stats = defineSection<StatsProps>({
  label: '数据亮点',
  schema: {
    type: 'object',
    description: '一排醒目的数字，如“参赛作品 3,200+ 件”。',
    properties: {
      title: { type: 'string' },
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 6,
        items: {
          type: 'object',
          properties: {
            value: { type: 'string', minLength: 1 },
            unit: { type: 'string' },
            label: { type: 'string', minLength: 1 },
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
