import { IMAGE } from '../landing/define.ts'
import { landingSectionDefs } from '../landing/schema.ts'
import { certificateBlockSchema } from './certificate.ts'
import { API_FAMILIES } from './families.ts'
import { judgingSchemaProperties } from './judging.ts'
import { PHASE_LABELS } from './phases.ts'

/** Competition file names are their routes: /{slug}/index. */
export const COMPETITION_SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/

const CHOICES = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    properties: {
      value: { type: 'string', minLength: 1, maxLength: 32, description: '保存的值（不要改动已使用的值）' },
      label: { type: 'string', minLength: 1, maxLength: 30, description: '参赛者看到的文字' },
    },
    required: ['value', 'label'],
    additionalProperties: false,
  },
} as const

const BEIJING = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?\\+08:00$',
  description: '北京时间，写成 2026-09-01T09:00:00+08:00（必须带 +08:00）',
}

const FORM_NAME = { type: 'string', minLength: 1, description: '表单名（schemas/forms 中登记的表单）' }

const PAGE = {
  type: 'object',
  properties: { sections: { type: 'array', minItems: 1, items: { $ref: '#/$defs/section' } } },
  required: ['sections'],
  additionalProperties: false,
}

/** competitions/competition.schema.json: what editors complete and what the checker validates first. */
export function competitionSchema() {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'competition.schema.json',
    title: '咖簿网赛事定义（competitions/<slug>.json，网址 /<slug>/index）',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      competitionId: {
        type: 'integer',
        minimum: 1,
        description: '赛事编号（接口中的 competitionId / tbCompetitionId），每个赛事唯一，上线后不要改',
      },
      title: {
        type: 'string',
        minLength: 4,
        maxLength: 40,
        description: '赛事全称，如“2026 咖簿工业设计大赛”',
      },
      shortTitle: { type: 'string', minLength: 2, maxLength: 12, description: '简称，用在按钮和步骤条' },
      year: { type: 'integer', minimum: 2000, maximum: 2100, description: '届次年份' },
      description: {
        type: 'string',
        minLength: 10,
        maxLength: 200,
        description: '搜索引擎和分享时显示的简介',
      },
      shareImage: IMAGE,
      cover: { ...IMAGE, description: '赛事封面（首页和“我的赛事”里的卡片图）' },
      phases: {
        type: 'object',
        description: '赛程，均为北京时间；服务器按此开放和关闭报名、提交',
        properties: Object.fromEntries(
          Object.entries(PHASE_LABELS).map(([key, label]) => [
            key,
            { ...BEIJING, description: `${label}：${BEIJING.description}` },
          ]),
        ),
        required: Object.keys(PHASE_LABELS),
        additionalProperties: false,
      },
      api: {
        enum: Object.keys(API_FAMILIES),
        description: `对接的接口：${Object.entries(API_FAMILIES)
          .map(([name, f]) => `${name} = ${f.label}`)
          .join('；')}`,
      },
      entrantTypes: { ...CHOICES, description: '参赛身份，如个人、团队、企业' },
      companyTypes: { ...CHOICES, description: '单位类型，如高校、企业、设计机构' },
      ranges: {
        type: 'object',
        description:
          '参赛类别（参赛者在作品表“作品基本信息”里为每件作品选择）：default 为常规类别，propositional 为命题类别（可省略）',
        properties: {
          default: CHOICES,
          propositional: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                value: CHOICES.items.properties.value,
                label: CHOICES.items.properties.label,
                brief: { type: 'string', maxLength: 200, description: '命题说明' },
              },
              required: ['value', 'label'],
              additionalProperties: false,
            },
          },
        },
        required: ['default'],
        additionalProperties: false,
      },
      forms: {
        type: 'object',
        description: '各步骤使用的表单（schemas/forms 中的表单名）',
        properties: {
          registration: { ...FORM_NAME, description: '报名信息（infomation）表单' },
          workBase: { ...FORM_NAME, description: '作品基本信息表单' },
          workInfo: { ...FORM_NAME, description: '设计说明与团队表单' },
          adviser: { ...FORM_NAME, description: '指导老师表单' },
          propertyRight: { ...FORM_NAME, description: '知识产权证明表单' },
          displayBoard: { ...FORM_NAME, description: '展板表单' },
        },
        required: ['registration'],
        additionalProperties: false,
      },
      works: {
        type: 'object',
        properties: {
          add: { type: 'boolean', description: '参赛者能否提交作品（works/add）' },
          manage: { type: 'boolean', description: '是否有“管理作品”页（works/manage）' },
          max: { type: 'integer', minimum: 1, maximum: 20, description: '每人最多提交几件作品' },
        },
        required: ['add', 'manage', 'max'],
        additionalProperties: false,
      },
      pay: {
        type: 'object',
        description: '报名费；免费赛事不写这一项',
        properties: {
          fee: { type: 'integer', minimum: 1, description: '报名费，单位“分”：300 元写 30000' },
          source: {
            enum: ['authPrice', 'config'],
            description:
              'authPrice：本赛事自己的价格（/tbCompetitionInfo/getAuthPrice）；config：全站统一报名费（/common/getConfig/competition.apply.money）',
          },
          required: { type: 'boolean', description: 'true：未缴费不能确认提交' },
        },
        required: ['fee', 'source', 'required'],
        additionalProperties: false,
      },
      organizers: {
        type: 'object',
        properties: {
          host: { type: 'array', items: { type: 'string', minLength: 2 }, description: '主办单位' },
          coOrganizers: { type: 'array', items: { type: 'string', minLength: 2 }, description: '协办单位' },
          supportUnits: { type: 'array', items: { type: 'string', minLength: 2 }, description: '支持单位' },
        },
        additionalProperties: false,
      },
      // Competition certificates: definitions/competition/certificate.ts.
      certificate: certificateBlockSchema(),
      pages: {
        type: 'object',
        description: '赛事首页（index）和作品预览页（preview）：与专题页相同的区块写法，可用 include',
        properties: { index: PAGE, preview: PAGE },
        required: ['index', 'preview'],
        additionalProperties: false,
      },
      ...judgingSchemaProperties(),
    },
    required: [
      'competitionId',
      'title',
      'year',
      'description',
      'cover',
      'phases',
      'api',
      'entrantTypes',
      'companyTypes',
      'ranges',
      'forms',
      'works',
      'pages',
    ],
    additionalProperties: false,
    $defs: landingSectionDefs(),
  }
}
