import { defineSection, IMAGE, type Image } from '../define.ts'

export interface CarouselProps {
  title?: string
  autoplaySeconds: number
  slides: Array<{ image: Image; title?: string; text?: string }>
}

export const carousel = defineSection<CarouselProps>({
  label: '轮播图',
  schema: {
    type: 'object',
    description: '自动轮播的大图（每张可带标题和说明）。',
    properties: {
      title: { type: 'string' },
      autoplaySeconds: { type: 'integer', minimum: 2, maximum: 60 },
      slides: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { image: IMAGE, title: { type: 'string' }, text: { type: 'string' } },
          required: ['image'],
          additionalProperties: false,
        },
      },
    },
    required: ['slides'],
    additionalProperties: false,
  },
  defaults: { autoplaySeconds: 6 },
})
