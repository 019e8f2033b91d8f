import { LANDING_SIGNUP_FORMS } from '../../schemas/forms/index.ts'
import { IMAGE } from '../landing/define.ts'
import { landingSectionDefs } from '../landing/schema.ts'

const TIME = {
  type: 'string',
  format: 'date-time',
  pattern: '\\+08:00$',
  description: '北京时间，写成 2026-12-20T09:00:00+08:00',
} as const

/**
 * events/event.schema.json: what editors complete in events/<slug>.json (`$schema`), and what the
 * checker validates first. The page content is the landing engine's section list.
 */
export function eventSchema() {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'event.schema.json',
    title: '咖簿网活动页（events/<slug>.json）',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      path: {
        type: 'string',
        pattern: '^/[A-Za-z0-9][A-Za-z0-9-]*(/[A-Za-z0-9][A-Za-z0-9-]*)?$',
        description: '活动网址：/events/<名称>、/competition/<名称> 或一段 /<名称>',
      },
      title: { type: 'string', minLength: 2, maxLength: 60, description: '页面标题、卡片标题和分享标题' },
      description: {
        type: 'string',
        minLength: 10,
        maxLength: 200,
        description: '卡片、搜索引擎和分享时显示的简介',
      },
      kind: {
        type: 'string',
        minLength: 2,
        maxLength: 6,
        description: '卡片上的类别，如 活动、论坛、竞赛、平台',
      },
      cover: { ...IMAGE, description: '卡片封面（站内图片）' },
      shareImage: { ...IMAGE, description: '分享卡片图（JPG 或 PNG，1200×630）' },
      venue: { type: 'string', minLength: 2, maxLength: 60, description: '地点' },
      competition: {
        type: 'string',
        description:
          '所属赛事的文件名（competitions/<文件名>.json）：写了它，文字里可用 {{pay.fee}} 等引用该赛事的信息，时间可省略（取自赛事）',
      },
      startsAt: {
        ...TIME,
        description: '活动开始时间（北京时间）；写了 competition 时可省略，取赛事的报名开始',
      },
      endsAt: {
        ...TIME,
        description: '活动结束时间（北京时间）；写了 competition 时可省略，取赛事的结果公布',
      },
      submit: {
        type: 'object',
        description: '在线报名或提交：有它时活动有 …/index 和 …/submit 两个页面',
        properties: {
          form: { enum: LANDING_SIGNUP_FORMS, description: '表单名（schemas/forms 中可用于报名的表单）' },
          opensAt: {
            ...TIME,
            description: '开始接受提交（北京时间）；写了 competition 时可省略，取赛事的报名开始',
          },
          closesAt: {
            ...TIME,
            description: '截止提交（北京时间）；写了 competition 时可省略，取赛事的报名截止',
          },
          title: { type: 'string', minLength: 2, maxLength: 20, description: '提交页标题，如 在线报名' },
          intro: { type: 'string', maxLength: 300, description: '表单上方的说明' },
        },
        required: ['form', 'title'],
        additionalProperties: false,
      },
      checkIn: { type: 'boolean', description: 'true：活动当天在现场扫码签到（/signIn?event=<文件名>）' },
      sections: { type: 'array', minItems: 1, items: { $ref: '#/$defs/section' } },
    },
    // The times are required by the checker unless `competition` gives them.
    required: ['path', 'title', 'description', 'kind', 'cover', 'sections'],
    additionalProperties: false,
    $defs: landingSectionDefs(),
  }
}
