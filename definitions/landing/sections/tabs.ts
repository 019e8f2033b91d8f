import { defineSection, SECTION_LIST, type SectionEntry } from '../define.ts'

export interface TabsProps {
  title?: string
  tabs: Array<{ label: string; sections: SectionEntry[] }>
}

export const tabs = defineSection<TabsProps>({
  label: '选项卡',
  schema: {
    type: 'object',
    description: '选项卡，每个选项卡里放一组区块。',
    properties: {
      title: { type: 'string' },
      tabs: {
        type: 'array',
        minItems: 2,
        items: {
          type: 'object',
          properties: { label: { type: 'string', minLength: 1 }, sections: SECTION_LIST },
          required: ['label', 'sections'],
          additionalProperties: false,
        },
      },
    },
    required: ['tabs'],
    additionalProperties: false,
  },
  defaults: {},
})
