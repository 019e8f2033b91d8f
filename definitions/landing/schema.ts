import { IMAGE } from './define.ts'
import { SECTIONS } from './sections.ts'

/** The pattern of an include name: a file under landing-pages/_shared without .json. */
export const INCLUDE_PATTERN = '^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*$'

const sectionOneOf = () => [
  ...Object.entries(SECTIONS).map(([type, definition]) => ({
    type: 'object',
    title: `${type}：${definition.label}`,
    description: definition.schema.description,
    properties: {
      type: { const: type },
      id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$', description: '页内锚点，按钮可以用 #id 跳到这里' },
      props: definition.schema,
    },
    required: ['type'],
    additionalProperties: false,
  })),
  {
    type: 'object',
    title: 'include：引用共享区块',
    properties: {
      include: {
        type: 'string',
        pattern: INCLUDE_PATTERN,
        description: 'landing-pages/_shared 下的文件名（不带 .json）',
      },
    },
    required: ['include'],
    additionalProperties: false,
  },
]

const SECTIONS_LIST = { type: 'array', minItems: 1, items: { $ref: '#/$defs/section' } }

/** landing-pages/landing-page.schema.json: what editors use for completion (`$schema` in each page). */
export function landingPageSchema() {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'landing-page.schema.json',
    title: '咖簿网专题页（/application/<slug>）',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      competition: {
        type: 'string',
        description:
          '所属赛事的文件名（competitions/<文件名>.json）：写了它，文字里可用 {{pay.fee}} 等引用该赛事的信息',
      },
      title: { type: 'string', minLength: 2, maxLength: 60, description: '浏览器标题和分享标题' },
      description: {
        type: 'string',
        minLength: 10,
        maxLength: 200,
        description: '搜索引擎和分享时显示的简介',
      },
      shareImage: IMAGE,
      sections: SECTIONS_LIST,
    },
    required: ['title', 'description', 'sections'],
    additionalProperties: false,
    $defs: landingSectionDefs(),
  }
}

/** landing-pages/landing-fragment.schema.json: shared sections pulled in with {"include": …}. */
export function landingFragmentSchema() {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'landing-fragment.schema.json',
    title: '咖簿网专题页共享区块（landing-pages/_shared）',
    type: 'object',
    properties: { $schema: { type: 'string' }, sections: SECTIONS_LIST },
    required: ['sections'],
    additionalProperties: false,
    $defs: landingSectionDefs(),
  }
}

/** The `$defs` every schema with section lists carries (landing pages, fragments, competitions). */
export function landingSectionDefs() {
  return { section: { oneOf: sectionOneOf() } }
}
