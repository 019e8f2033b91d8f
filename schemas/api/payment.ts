import type { FromSchema } from 'json-schema-to-ts'
import { PAY_METHOD, PAY_STATUS, type PayMethod, type PayStatus } from '../payment.ts'
import { certificationInfoSchema } from './certificates.ts'
import { anyText, integer, object, text } from './json.ts'

// What the payment routes answer (SPEC §7 Payment); the codes, fee rules and messages they use are
// schemas/payment.ts. Money travels in integer fen; yuan only as text for people. How to add a type:
// schemas/api/json.ts.

/** A PAY_STATUS code (GET /my/getPayStatus data): 1 pending, 3 paid, 5 closed unpaid. */
export const payStatusSchema = {
  type: 'integer',
  enum: [PAY_STATUS.pending, PAY_STATUS.success, PAY_STATUS.closed],
} as const satisfies { type: 'integer'; enum: readonly PayStatus[] }

/** A PAY_METHOD code. */
const payMethodSchema = {
  type: 'integer',
  enum: [PAY_METHOD.wechatQr, PAY_METHOD.online, PAY_METHOD.balance],
} as const satisfies { type: 'integer'; enum: readonly PayMethod[] }

/** GET /my/getCertificate data. approveMoney is the yearly fee in yuan as the §3 field; *Fen is exact. */
export const certificateInfoSchema = object({
  approveMoney: { type: 'string', description: '每年认证费，元（文本，两位小数）' },
  approveMoneyFen: { type: 'integer', description: '每年认证费，分' },
  validYears: integer,
  certification: { ...certificationInfoSchema, nullable: true },
})
export type CertificateInfo = FromSchema<typeof certificateInfoSchema>

/** GET /my/getUserMoney data (§3 Balance): money in yuan as text, moneyFen exact, integral in points. */
export const userMoneySchema = object({
  money: { type: 'string', description: '余额，元（文本，两位小数）' },
  moneyFen: { type: 'integer', description: '余额，分' },
  integral: integer,
})
export type UserMoney = FromSchema<typeof userMoneySchema>

/** POST /my/approve/{method} data: the online form's HTML (3) or the QR's URL (2), and the order. */
export const approveResultSchema = object(
  { orderNumber: text(32), status: payStatusSchema, body: anyText, codeUrl: anyText },
  ['body', 'codeUrl'],
)
export type ApproveResult = FromSchema<typeof approveResultSchema>

/** A row of GET /my/orders. */
export const orderRowSchema = object({
  orderNumber: text(32),
  subject: text(100),
  amountFen: integer,
  method: payMethodSchema,
  status: payStatusSchema,
  createTime: text(32),
  payTime: { type: 'string', nullable: true },
})
export type OrderRow = FromSchema<typeof orderRowSchema>

/** A row of GET /my/bills: money rows count fen, integral rows count points. */
export const billRowSchema = object({
  id: integer,
  kind: { type: 'string', maxLength: 10, enum: ['money', 'integral'] },
  amount: integer,
  balanceAfter: integer,
  memo: text(100),
  createTime: text(32),
})
export type BillRow = FromSchema<typeof billRowSchema>
