import { defineSection, IMAGE, type Image } from '../define.ts'

export interface SpeakersProps {
  title?: string
  people: Array<{ name: string; role: string; org?: string; photo: Image; bio?: string }>
}

export const speakers = defineSection<SpeakersProps>({
  label: '嘉宾 / 评委',
  schema: {
    type: 'object',
    description: '嘉宾、导师或评委：照片、姓名、头衔和简介。',
    properties: {
      title: { type: 'string' },
      people: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1 },
            role: { type: 'string', minLength: 1 },
            org: { type: 'string' },
            photo: IMAGE,
            bio: { type: 'string' },
          },
          required: ['name', 'role', 'photo'],
          additionalProperties: false,
        },
      },
    },
    required: ['people'],
    additionalProperties: false,
  },
  defaults: {},
})
