import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

// Messages to entrants from the console (issue 32 item 6, README "Organisers' console"): what
// /api/manage/messages… read and answer, and what 我的赛事 shows of them.

/** Who a message goes to; `round` names a judging round, and a range (参赛类别) may narrow any of them. */
export const MESSAGE_AUDIENCES = ['all', 'paid', 'submitted', 'round', 'awarded'] as const
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number]
export const MESSAGE_AUDIENCE_LABELS: Record<MessageAudience, string> = {
  all: '全部报名者',
  paid: '已缴费',
  submitted: '已确认提交',
  round: '评审轮次中的作品',
  awarded: '已公布获奖',
}

/**
 * The limits of a message, each named once (README "Organisers' console" explains them): a text
 * message's body and an e-mail's subject as the organiser writes them; the same text to the same
 * filter again within `sameMessageMinutes` only when confirmed anew; sends of one competition at
 * least `gapSeconds` apart and at most `perHour` an hour.
 */
export const MESSAGE_LIMITS = {
  textMax: 500,
  subjectMax: 60,
  sameMessageMinutes: 10,
  gapSeconds: 60,
  perHour: 3,
} as const

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const
const CHOICE = { type: 'string', maxLength: 64 } as const

/** The filter and the text: what a preview reads, and a send with its confirmation. */
const draftProperties = {
  competitionId: { ...ID, description: '赛事编号' },
  audience: {
    type: 'string',
    enum: MESSAGE_AUDIENCES,
    description:
      'all 全部报名者 · paid 已缴费 · submitted 已确认提交 · round 评审轮次中的作品（须 roundId）· awarded 已公布获奖',
  },
  roundId: { ...CHOICE, description: '评审轮次（audience 为 round 时）' },
  range: { ...CHOICE, description: '参赛类别（定义中的值）；空为不限' },
  // Bounded here against abuse; the limits staff meet (MESSAGE_LIMITS) are checked with their own words.
  subject: {
    type: 'string',
    maxLength: 400,
    description: `邮件主题（不超过 ${MESSAGE_LIMITS.subjectMax} 字；空为“组委会通知”）`,
  },
  text: { type: 'string', maxLength: 4000, description: `正文（不超过 ${MESSAGE_LIMITS.textMax} 字）` },
} as const

export const messagePreviewBody = {
  type: 'object',
  properties: draftProperties,
  required: ['competitionId', 'audience', 'text'],
  additionalProperties: false,
} as const
export type MessagePreviewBody = FromSchema<typeof messagePreviewBody>

export const messageSendBody = {
  type: 'object',
  properties: {
    ...draftProperties,
    confirmCount: {
      type: 'integer',
      minimum: 0,
      maximum: 2_147_483_647,
      description: '确认时看到的收件人数；与现在的人数不同则不发送',
    },
    repeat: {
      type: 'boolean',
      description: `确认再次发送：同样的正文 ${MESSAGE_LIMITS.sameMessageMinutes} 分钟内已发给同一范围`,
    },
  },
  required: ['competitionId', 'audience', 'text', 'confirmCount'],
  additionalProperties: false,
} as const
export type MessageSendBody = FromSchema<typeof messageSendBody>

/** POST /api/manage/messages/preview: how many accounts it goes to, and exactly what they receive. */
export const messagePreviewSchema = object({
  recipients: { ...integer, description: '收件账号数（一个账号只收一条）' },
  filterLabel: text(120),
  smsText: { ...anyText, description: '短信全文（手机号账号收到的）' },
  emailSubject: text(200),
  emailText: { ...anyText, description: '邮件正文（邮箱账号收到的）' },
  /** When the same text went to the same filter within the limit: sending again needs `repeat`. */
  repeatOf: { type: ['string', 'null'], maxLength: 32, description: '同样内容上次发送时间（ISO，UTC）' },
})
export type MessagePreview = FromSchema<typeof messagePreviewSchema>

/** POST /api/manage/messages/send. */
export const messageSentSchema = object({ messageId: integer, recipients: integer })
export type MessageSent = FromSchema<typeof messageSentSchema>

const choiceSchema = object({ value: text(64), label: text(64) })

/** One message sent before (the console's list). */
export const sentMessageSchema = object({
  id: integer,
  filterLabel: text(120),
  subject: text(120),
  text: anyText,
  recipients: integer,
  sentBy: text(64),
  sentAt: { ...anyText, description: 'ISO 时间（UTC）' },
})

/** GET /api/manage/messages: the filters this competition offers, and the messages sent so far. */
export const messagesPageSchema = object({
  rounds: listOf(choiceSchema),
  ranges: listOf(choiceSchema),
  published: { ...boolean, description: '评审结果已公布（“已公布获奖”才有收件人）' },
  sent: listOf(sentMessageSchema),
})
export type MessagesPage = FromSchema<typeof messagesPageSchema>

/** A message as its entrant sees it in 我的赛事, under their entry. */
export const myMessageSchema = object({
  subject: text(120),
  text: anyText,
  sentAt: { ...anyText, description: 'ISO 时间（UTC）' },
})
export type MyMessage = FromSchema<typeof myMessageSchema>
