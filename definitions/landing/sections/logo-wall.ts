import { defineSection, IMAGE, type Image } from '../define.ts'

export interface LogoWallProps {
  title?: string
  groups: Array<{ label?: string; logos: Array<{ name: string; image: Image; href?: string }> }>
}

export const logoWall = defineSection<LogoWallProps>({
  label: '合作伙伴墙',
  schema: {
    type: 'object',
    description: '主办、承办、支持单位等标志墙，可分组。',
    properties: {
      title: { type: 'string' },
      groups: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            logos: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string', minLength: 1 },
                  image: IMAGE,
                  href: { type: 'string', pattern: '^(/|https://)' },
                },
                required: ['name', 'image'],
                additionalProperties: false,
              },
            },
          },
          required: ['logos'],
          additionalProperties: false,
        },
      },
    },
    required: ['groups'],
    additionalProperties: false,
  },
  defaults: {},
})
