import { ACTION, type Action, defineSection, IMAGE, type Image } from '../define.ts'
import { PALETTE_FIELD, type Palette } from '../palette.ts'

export interface HeroProps {
  kicker?: string
  title: string
  subtitle?: string
  background?: Image
  theme: 'dark' | 'light'
  align: 'left' | 'center'
  meta: Array<{ label: string; value: string }>
  actions: Action[]
  palette: Palette
}

export const hero = defineSection<HeroProps>({
  label: '首屏横幅',
  schema: {
    type: 'object',
    description: '页面顶部的大横幅：标题、副标题、背景图、日期地点和按钮。',
    properties: {
      kicker: { type: 'string', description: '标题上方的小字，如“2025 · 第三期”' },
      title: { type: 'string', minLength: 1 },
      subtitle: { type: 'string' },
      background: IMAGE,
      theme: { enum: ['dark', 'light'], description: 'dark：深色背景白字；light：浅色背景深色字' },
      align: { enum: ['left', 'center'] },
      meta: {
        type: 'array',
        description: '日期、地点等要点',
        items: {
          type: 'object',
          properties: { label: { type: 'string', minLength: 1 }, value: { type: 'string', minLength: 1 } },
          required: ['label', 'value'],
          additionalProperties: false,
        },
      },
      actions: { type: 'array', items: ACTION, maxItems: 3 },
      palette: PALETTE_FIELD,
    },
    required: ['title'],
    additionalProperties: false,
  },
  defaults: { theme: 'dark', align: 'left', meta: [], actions: [], palette: 'brand' },
})
