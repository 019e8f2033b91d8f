import { defineSection } from '../define.ts'

export interface FaqProps {
  title: string
  items: Array<{ q: string; a: string }>
}

export const faq = defineSection<FaqProps>({
  label: '常见问题',
  schema: {
    type: 'object',
    description: '可展开的问答列表。',
    properties: {
      title: { type: 'string' },
      items: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { q: { type: 'string', minLength: 1 }, a: { type: 'string', minLength: 1 } },
          required: ['q', 'a'],
          additionalProperties: false,
        },
      },
    },
    required: ['items'],
    additionalProperties: false,
  },
  defaults: { title: '常见问题' },
})
