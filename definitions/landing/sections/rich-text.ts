import { defineSection, IMAGE, type Image } from '../define.ts'

export type RichBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered?: boolean; items: string[] }
  | { kind: 'quote'; text: string; cite?: string }
  | { kind: 'image'; image: Image; caption?: string }

export interface RichTextProps {
  title?: string
  width: 'narrow' | 'wide'
  blocks: RichBlock[]
}

export const richText = defineSection<RichTextProps>({
  label: '图文内容',
  schema: {
    type: 'object',
    description: '结构化的图文内容：标题、段落、列表、引用和图片（不接受 HTML）。',
    properties: {
      title: { type: 'string' },
      width: { enum: ['narrow', 'wide'] },
      blocks: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          // Lets the checker report the one kind a block claims to be, not every kind it is not.
          discriminator: { propertyName: 'kind' },
          required: ['kind'],
          oneOf: [
            {
              type: 'object',
              properties: { kind: { const: 'heading' }, text: { type: 'string', minLength: 1 } },
              required: ['kind', 'text'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { kind: { const: 'paragraph' }, text: { type: 'string', minLength: 1 } },
              required: ['kind', 'text'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: {
                kind: { const: 'list' },
                ordered: { type: 'boolean' },
                items: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
              },
              required: ['kind', 'items'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: {
                kind: { const: 'quote' },
                text: { type: 'string', minLength: 1 },
                cite: { type: 'string' },
              },
              required: ['kind', 'text'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { kind: { const: 'image' }, image: IMAGE, caption: { type: 'string' } },
              required: ['kind', 'image'],
              additionalProperties: false,
            },
          ],
        },
      },
    },
    required: ['blocks'],
    additionalProperties: false,
  },
  defaults: { width: 'narrow' },
})
