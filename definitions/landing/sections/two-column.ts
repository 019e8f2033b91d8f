import { defineSection, SECTION_LIST, type SectionEntry } from '../define.ts'

export interface TwoColumnProps {
  title?: string
  ratio: '1:1' | '1:2' | '2:1'
  left: SectionEntry[]
  right: SectionEntry[]
}

export const twoColumn = defineSection<TwoColumnProps>({
  label: '左右两栏',
  schema: {
    type: 'object',
    description: '左右两栏，每栏放一组区块；手机上上下排列。',
    properties: {
      title: { type: 'string' },
      ratio: { enum: ['1:1', '1:2', '2:1'] },
      left: SECTION_LIST,
      right: SECTION_LIST,
    },
    required: ['left', 'right'],
    additionalProperties: false,
  },
  defaults: { ratio: '1:1' },
})
