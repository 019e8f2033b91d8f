import { defineSection } from '../define.ts'
import { PALETTE_FIELD, type Palette } from '../palette.ts'

export interface CountdownProps {
  title: string
  target: string
  endedText: string
  note?: string
  palette: Palette
}

export const countdown = defineSection<CountdownProps>({
  label: '倒计时',
  schema: {
    type: 'object',
    description: '距离某个时间（开幕、截止）的倒计时；到点后显示结束语。',
    properties: {
      title: { type: 'string', minLength: 1 },
      target: { type: 'string', format: 'date-time', description: 'ISO 时间，如 2026-12-20T09:00:00+08:00' },
      endedText: { type: 'string', minLength: 1 },
      note: { type: 'string' },
      palette: PALETTE_FIELD,
    },
    required: ['title', 'target', 'endedText'],
    additionalProperties: false,
  },
  defaults: { palette: 'brand' },
})
