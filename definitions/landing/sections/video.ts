import { defineSection, IMAGE, type Image } from '../define.ts'

export interface VideoProps {
  title?: string
  src: string
  poster: Image
  caption?: string
}

export const video = defineSection<VideoProps>({
  label: '视频',
  schema: {
    type: 'object',
    description: '站内视频（mp4），带封面图。',
    properties: {
      title: { type: 'string' },
      src: { type: 'string', pattern: '^/(?!/).*\\.mp4$', description: '站内 mp4 文件路径' },
      poster: IMAGE,
      caption: { type: 'string' },
    },
    required: ['src', 'poster'],
    additionalProperties: false,
  },
  defaults: {},
})
