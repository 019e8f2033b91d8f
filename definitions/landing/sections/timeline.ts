import { defineSection } from '../define.ts'

export interface TimelineProps {
  title?: string
  variant: 'agenda' | 'milestones'
  items: Array<{ time: string; title: string; text?: string; speaker?: string }>
}

export const timeline = defineSection<TimelineProps>({
  label: '日程 / 时间线',
  schema: {
    type: 'object',
    description: '活动日程（agenda）或发展历程（milestones）。',
    properties: {
      title: { type: 'string' },
      variant: { enum: ['agenda', 'milestones'] },
      items: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            time: { type: 'string', minLength: 1 },
            title: { type: 'string', minLength: 1 },
            text: { type: 'string' },
            speaker: { type: 'string' },
          },
          required: ['time', 'title'],
          additionalProperties: false,
        },
      },
    },
    required: ['items'],
    additionalProperties: false,
  },
  defaults: { variant: 'agenda' },
})
