import { ACTION, type Action, defineSection } from '../define.ts'
import { PALETTE_FIELD, type Palette } from '../palette.ts'

export interface CtaProps {
  title: string
  text?: string
  tone: 'brand' | 'accent' | 'light'
  actions: Action[]
  palette: Palette
}

export const cta = defineSection<CtaProps>({
  label: '行动号召',
  schema: {
    type: 'object',
    description: '一句号召加按钮，如“立即报名”。',
    properties: {
      title: { type: 'string', minLength: 1 },
      text: { type: 'string' },
      tone: { enum: ['brand', 'accent', 'light'] },
      actions: { type: 'array', minItems: 1, maxItems: 3, items: ACTION },
      palette: PALETTE_FIELD,
    },
    required: ['title', 'actions'],
    additionalProperties: false,
  },
  defaults: { tone: 'brand', palette: 'brand' },
})
