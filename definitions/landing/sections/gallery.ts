import { defineSection, IMAGE, type Image } from '../define.ts'

export interface GalleryProps {
  title?: string
  columns: 2 | 3 | 4
  images: Array<{ image: Image; caption?: string }>
}

export const gallery = defineSection<GalleryProps>({
  label: '图片墙',
  schema: {
    type: 'object',
    description: '图片网格，点击可放大查看。',
    properties: {
      title: { type: 'string' },
      columns: { enum: [2, 3, 4] },
      images: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { image: IMAGE, caption: { type: 'string' } },
          required: ['image'],
          additionalProperties: false,
        },
      },
    },
    required: ['images'],
    additionalProperties: false,
  },
  defaults: { columns: 3 },
})
